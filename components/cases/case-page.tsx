import Link from 'next/link'

import { EvidencePackButton } from '@/components/evidence/evidence-pack-button'
import { Card } from '@/components/ui/card'
import { caseTitle } from '@/lib/cases/title'
import type { CaseDetail, Undecided } from '@/lib/cases/types'
import { subjectParam } from '@/lib/review/subject'
import { amlReportPath, verificationPath } from '@/lib/routes'

import { CaseEventLog, CaseFacts } from './case-summary'

/**
 * The case page: its title (the applicant, the record's kind and day), its facts and actions, the
 * record it is about, its event log and its evidence pack.
 */
export function CasePage({
  detail,
  now,
  undecided,
}: {
  detail: CaseDetail
  now: Date
  undecided?: Undecided | null
}) {
  const { kase } = detail
  const record =
    kase.resourceType === 'aml_search'
      ? {
          href: amlReportPath(
            kase.resourceId,
            subjectParam({ kind: 'screening', recordId: kase.recordId }),
          ),
          label: `AML report ${kase.resourceId}`,
        }
      : { href: verificationPath(kase.resourceId), label: `Verification ${kase.resourceId}` }
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-lg font-semibold break-words">{caseTitle(kase)}</h1>
        <EvidencePackButton type="case" id={String(kase.id)} />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Card id="case" title={`Case ${kase.id}`}>
          <p className="mb-3">
            About{' '}
            <Link href={record.href} className="font-mono break-all underline">
              {record.label}
            </Link>
          </p>
          <CaseFacts detail={detail} now={now} undecided={undecided} />
        </Card>
        <Card id="case-events" title="Event log">
          <CaseEventLog events={detail.events} />
        </Card>
      </div>
    </div>
  )
}
