import 'server-only'

import type { ReactNode } from 'react'

import { RiskBadge } from '@/components/aml/risk-badge'
import { IntentLink } from '@/components/ui/intent-link'
import { Timestamp } from '@/components/ui/timestamp'
import {
  isUnchanged,
  type ChangesSincePrevious,
  type MatchSummary,
  type ScreeningChanges,
  type WindowSummary,
} from '@/lib/review/changes'
import { amlReportPath } from '@/lib/routes'
import type { Settled } from '@/lib/util/settled'

const linkClass = 'font-medium text-link hover:underline'

/** What changed since the applicant's previous screening, found in a stated window of the history. */
export function ScreeningChangesSection({
  changes,
}: {
  changes: Settled<ChangesSincePrevious | null>
}) {
  const settled = changes
  if (!settled.ok) {
    return (
      <p role="status" className="text-xs text-muted">
        The webhook history could not be read, so changes since the previous screening are not
        shown.
      </p>
    )
  }
  const found = settled.value
  if (!found) return null
  return (
    <section
      aria-labelledby="changes-title"
      className="rounded-md border border-line bg-surface px-4 py-3 text-sm"
    >
      <h2 id="changes-title" className="text-sm font-semibold">
        Since the previous screening
      </h2>
      {found.found ? (
        <>
          <p className="mt-0.5 text-xs text-muted">
            Against the screening of <Timestamp value={found.previous.at} mode="absolute" /> (
            <IntentLink
              href={amlReportPath(found.previous.searchId)}
              className={`${linkClass} underline`}
            >
              its report
            </IntentLink>
            ). <WindowWords window={found.window} />
          </p>
          <ChangeList changes={found.changes} />
        </>
      ) : found.placed ? (
        <p className="mt-0.5 text-xs text-muted">
          No earlier screening of this applicant. <WindowWords window={found.window} />
        </p>
      ) : (
        <p className="mt-0.5 text-xs text-muted">
          This screening’s own notification was not found, so which of the applicant’s screenings
          came before it is not known. <WindowWords window={found.window} />
        </p>
      )}
    </section>
  )
}

function WindowWords({ window }: { window: WindowSummary }) {
  if (window.complete) return <>Looked through the whole webhook history.</>
  return (
    <>
      Looked through the newest {window.records.toLocaleString('en')} notifications
      {window.oldest && (
        <>
          {' '}
          (since <Timestamp value={window.oldest} mode="absolute" />)
        </>
      )}
      .
    </>
  )
}

function ChangeList({ changes }: { changes: ScreeningChanges }) {
  if (isUnchanged(changes)) {
    return <p className="mt-2">Nothing changed: the same matches, risks, sources and media.</p>
  }
  const { overall } = changes
  return (
    <dl className="mt-2 grid grid-cols-[8rem_minmax(0,1fr)] gap-x-3 gap-y-1.5">
      {overall.from !== overall.to && (
        <Row label="Highest risk">
          <RiskBadge level={overall.from} /> → <RiskBadge level={overall.to} />
        </Row>
      )}
      {changes.added.length > 0 && (
        <Row label={`Added (${changes.added.length})`}>
          <Matches matches={changes.added} />
        </Row>
      )}
      {changes.removed.length > 0 && (
        <Row label={`Removed (${changes.removed.length})`}>
          <Matches matches={changes.removed} linked={false} />
        </Row>
      )}
      {changes.riskChanged.length > 0 && (
        <Row label="Risk changed">
          <ul className="space-y-0.5">
            {changes.riskChanged.map(({ match, from, to }) => (
              <li key={match.uuid}>
                <MatchName match={match} /> <RiskBadge level={from} /> → <RiskBadge level={to} />
              </li>
            ))}
          </ul>
        </Row>
      )}
      {changes.newSources.length > 0 && (
        <Row label="New sources">
          <PerMatch
            items={changes.newSources.map(({ match, sources }) => ({
              match,
              text: sources.join(', '),
            }))}
          />
        </Row>
      )}
      {changes.newMedia.length > 0 && (
        <Row label="New media">
          <PerMatch
            items={changes.newMedia.map(({ match, headlines }) => ({
              match,
              text: headlines.join('; '),
            }))}
          />
        </Row>
      )}
    </dl>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  )
}

function PerMatch({ items }: { items: { match: MatchSummary; text: string }[] }) {
  return (
    <ul className="space-y-0.5">
      {items.map(({ match, text }) => (
        <li key={match.uuid}>
          <MatchName match={match} />:{' '}
          <span className="text-zinc-700 dark:text-zinc-300">{text}</span>
        </li>
      ))}
    </ul>
  )
}

function Matches({ matches, linked = true }: { matches: MatchSummary[]; linked?: boolean }) {
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-0.5">
      {matches.map((match) => (
        <li key={match.uuid}>
          <MatchName match={match} linked={linked} /> <RiskBadge level={match.risk} />
        </li>
      ))}
    </ul>
  )
}

function MatchName({ match, linked = true }: { match: MatchSummary; linked?: boolean }) {
  const name = match.name ?? 'Unnamed match'
  return linked ? (
    <a href={`#match-${match.uuid}`} className={linkClass}>
      {name}
    </a>
  ) : (
    <span className="font-medium">{name}</span>
  )
}
