'use client'

import type { ReactNode } from 'react'

import { Badge } from '@/components/ui/badge'
import { Card } from '@/components/ui/card'
import { CopyableId } from '@/components/ui/copyable-id'
import { IntentLink } from '@/components/ui/intent-link'
import { Skeleton } from '@/components/ui/skeleton'
import { highestRisk, riskTone } from '@/lib/aml/risk'
import { useAmlSearch } from '@/lib/queries/aml'
import { isApiError } from '@/lib/queries/api-fetch'
import { subjectParam } from '@/lib/review/subject'
import { amlReportPath } from '@/lib/routes'

/**
 * The AML search made for this verification: a link to its report (which compares its matches
 * with this verification's identity), with its gist once loaded; `children` says how it was
 * screened.
 */
export function AmlCard({
  searchId,
  shortId,
  children,
}: {
  searchId: string | null | undefined
  shortId: string
  children?: ReactNode
}) {
  const id = searchId ?? ''
  const { data, isPending, isError, error, refetch } = useAmlSearch(id, { enabled: id !== '' })
  if (!id) {
    return (
      <Card id="aml" title="AML screening">
        <p className="text-zinc-500 dark:text-zinc-400">
          No AML search was made for this verification.
        </p>
      </Card>
    )
  }
  const risk = data ? highestRisk(data) : null
  return (
    <Card
      id="aml"
      title="AML screening"
      actions={
        <IntentLink
          href={amlReportPath(id, subjectParam({ kind: 'verification', shortId }))}
          className="text-xs font-medium text-blue-700 hover:underline dark:text-blue-300"
        >
          Open AML report
        </IntentLink>
      }
    >
      <div className="space-y-2">
        <CopyableId value={id} label="AML search id" />
        {isPending && <Skeleton className="h-5 w-40" />}
        {isError && (
          <p className="text-xs text-red-800 dark:text-red-300">
            {isApiError(error) && error.kind === 'not_found'
              ? 'The upstream has no stored result for this search.'
              : 'Could not load the summary. '}
            {!(isApiError(error) && error.kind === 'not_found') && (
              <button
                type="button"
                onClick={() => void refetch()}
                className="font-medium underline"
              >
                Try again
              </button>
            )}
          </p>
        )}
        {data && (
          <p className="flex flex-wrap items-center gap-2">
            <span>
              {data.data.length.toLocaleString('en')} {data.data.length === 1 ? 'match' : 'matches'}
            </span>
            {risk && (
              <Badge tone={riskTone(risk)} title="Highest risk among the matches">
                Highest risk: {risk}
              </Badge>
            )}
          </p>
        )}
        {children}
      </div>
    </Card>
  )
}
