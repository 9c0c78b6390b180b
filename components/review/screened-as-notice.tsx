import 'server-only'

import { Timestamp } from '@/components/ui/timestamp'
import type { WindowSummary } from '@/lib/review/changes'
import type { ScreenedAs } from '@/lib/review/report-review'
import type { Settled } from '@/lib/util/settled'

/**
 * Where the screening request differs from the verified identity (another name form, no date of
 * birth, a wider range, another country): what the screening could have missed. One line, the
 * differences under it when `open` (the report) or on request (the verification page, where it
 * streams in and must not push the cards below it).
 */
export function ScreenedAsNotice({
  screenedAs,
  open = false,
}: {
  screenedAs: Settled<ScreenedAs | null>
  open?: boolean
}) {
  if (!screenedAs.ok) {
    return (
      <p role="status" className={quiet}>
        How this screening was requested could not be read from the webhook history.
      </p>
    )
  }
  const found = screenedAs.value
  if (!found) return null
  if (found.found === 'none') {
    return (
      <p className={quiet}>
        How it was screened is not known: the screening request is not in{' '}
        <Window window={found.window} />.
      </p>
    )
  }
  const source =
    found.found === 'request' ? (
      'the screening request'
    ) : (
      <>
        the requested name only (the request is not in <Window window={found.window} />)
      </>
    )
  if (found.differences.length === 0) {
    return <p className={quiet}>Screened as verified, according to {source}.</p>
  }
  return (
    <details
      open={open}
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-1.5 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <summary className="cursor-pointer font-semibold">
        Screened differently from the verified identity ({found.differences.length})
      </summary>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {found.differences.map((difference) => (
          <li key={difference.field}>{difference.words}</li>
        ))}
      </ul>
      <p className="mt-1 text-xs text-amber-900 dark:text-amber-200">According to {source}.</p>
    </details>
  )
}

const quiet = 'text-xs text-muted'

function Window({ window }: { window: WindowSummary }) {
  if (window.complete) return <>the webhook history</>
  return (
    <>
      the newest {window.records.toLocaleString('en')} notifications
      {window.oldest && (
        <>
          {' '}
          (since <Timestamp value={window.oldest} mode="absolute" />)
        </>
      )}
    </>
  )
}
