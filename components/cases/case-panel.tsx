import { Suspense } from 'react'

import { Card } from '@/components/ui/card'
import type { CaseDetail } from '@/lib/cases/types'

import { CaseFacts } from './case-summary'

/** The record's case beside the AML report or verification, when the record has one. */
export function CasePanel({ detail }: { detail: Promise<CaseDetail | null> }) {
  return (
    <div className="mt-4">
      <Suspense fallback={null}>
        <CaseCard detail={detail} />
      </Suspense>
    </div>
  )
}

async function CaseCard({ detail }: { detail: Promise<CaseDetail | null> }) {
  const found = await detail.catch(() => 'failed' as const)
  if (found === null) return null
  return (
    <Card id="case" title="Case">
      {found === 'failed' ? (
        <p role="alert" className="text-red-800 dark:text-red-300">
          The case could not be read from the store.
        </p>
      ) : (
        <CaseFacts detail={found} now={new Date()} link />
      )}
    </Card>
  )
}
