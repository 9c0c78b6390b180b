import 'server-only'

import { IntentLink } from '@/components/ui/intent-link'
import type { ReportReview, SubjectStatus } from '@/lib/review/report-comparisons'
import { applicantPath, verificationPath, webhooksPath } from '@/lib/routes'

const linkClass = 'font-medium text-link hover:underline'

const without: Record<Exclude<SubjectStatus, 'known'>, string> = {
  none: 'The link did not say who was screened, so each match is compared with the requested name only. Open the report from a verification or a screening notification to compare dates of birth, countries and gender.',
  not_found:
    'The subject the link names was not found (a screening notification is looked for among the newest notifications only), so each match is compared with the requested name only.',
  not_linked:
    'The subject the link names was not screened in this report, so it is not compared; each match is compared with the requested name only.',
  unavailable:
    'The subject the link names could not be read just now, so each match is compared with the requested name only. Reload to try again.',
}

/** Who each match is compared with: the subject the analyst came from, or why there is none. */
export function ScreenedSubject({ review }: { review: ReportReview }) {
  const { status, subject } = review
  if (status !== 'known') {
    return (
      <p
        role={status === 'none' ? undefined : 'status'}
        className="rounded-md border border-line bg-zinc-50 px-3 py-2 text-xs text-zinc-700 dark:bg-zinc-900/60 dark:text-zinc-300"
      >
        {without[status]}
      </p>
    )
  }
  const source = subject.source
  const facts = [
    subject.born && `born ${subject.born}`,
    subject.countries.length > 0 && subject.countries.join(', '),
    subject.gender,
  ].filter(Boolean)
  return (
    <section
      aria-label="Screened subject"
      className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-sm dark:border-blue-900 dark:bg-blue-950/40"
    >
      <span className="text-xs font-medium text-muted">Compared with</span>
      <span className="font-medium">{subject.names[0] ?? 'an unnamed subject'}</span>
      {facts.length > 0 && (
        <span className="text-zinc-700 dark:text-zinc-300">· {facts.join(' · ')}</span>
      )}
      {subject.names.length > 1 && (
        <span className="text-xs text-muted">(also {subject.names.slice(1).join('; ')})</span>
      )}
      {source && (
        <span className="ml-auto text-xs text-muted">
          from{' '}
          {source.kind === 'verification' ? (
            <IntentLink href={verificationPath(source.shortId)} className={linkClass}>
              verification {source.shortId}
            </IntentLink>
          ) : (
            <IntentLink href={webhooksPath()} className={linkClass}>
              the screening request
            </IntentLink>
          )}
          {subject.applicantId && (
            <>
              {' · '}
              <IntentLink href={applicantPath(subject.applicantId)} className={linkClass}>
                all screenings of this applicant
              </IntentLink>
            </>
          )}
        </span>
      )}
    </section>
  )
}
