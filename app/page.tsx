import { OpenWork } from '@/components/cases/open-work'
import { ReportsDue } from '@/components/fiu-reports/reports-due'
import { RecentlyOpened } from '@/components/triage/recently-opened'
import { IntentLink } from '@/components/ui/intent-link'
import { loadOpenedRecords } from '@/lib/audit/activity-loads'
import { loadOpenWork } from '@/lib/cases/service'
import { exampleIds } from '@/lib/demo/example-ids'
import { getEnv } from '@/lib/env'
import { loadReportsDue } from '@/lib/fiu-reports/service'
import {
  amlReportPath,
  profilePath,
  profilesPath,
  verificationPath,
  webhooksPath,
} from '@/lib/routes'

/** Cases of each kind the home page shows; the work queue has the rest. */
const SHOWN = 5

export default async function HomePage() {
  const demo = getEnv().VERITY_DEMO
  // Read before rendering rather than streamed: a long list streamed in above the side column
  // would push it down on a phone (layout shift) after the analyst started reading.
  const [work, opened, reportsDue] = await Promise.all([
    loadOpenWork(SHOWN).catch(() => null),
    loadOpenedRecords(),
    loadReportsDue().catch(() => []),
  ])
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-4">
        <div>
          <h1 className="text-lg font-semibold">What needs review</h1>
          <p className="mt-0.5 text-sm text-muted">
            The open cases of the work queue, soonest due first: High and Medium risk screenings
            with matches, and failed verifications, from the whole webhook history.
          </p>
        </div>
        <OpenWork work={work} now={new Date()} />
      </div>
      <aside className="space-y-4" aria-label="Your records and shortcuts">
        <ReportsDue reports={reportsDue} now={new Date()} />
        <RecentlyOpened records={opened} />
        <ul className="space-y-2">
          <HomeLink href={profilesPath} title="Verification profiles">
            Which checks and documents each profile requires.
          </HomeLink>
          <HomeLink href={webhooksPath()} title="Webhook history">
            Every notification the service sent, newest first.
          </HomeLink>
        </ul>
        {demo && <DemoExamples />}
      </aside>
    </div>
  )
}

function HomeLink({ href, title, children }: { href: string; title: string; children: string }) {
  return (
    <li>
      <IntentLink
        href={href}
        className="block rounded-md border border-line bg-surface px-3 py-2 hover:border-zinc-400 dark:hover:border-zinc-600"
      >
        <span className="text-sm font-medium">{title}</span>
        <span className="block text-xs text-muted">{children}</span>
      </IntentLink>
    </li>
  )
}

function DemoExamples() {
  const examples = [
    {
      label: 'Verification that failed with errors',
      href: verificationPath(exampleIds.errorsShortId),
    },
    {
      label: 'Verification in progress',
      href: verificationPath(exampleIds.shortIds.in_progress),
    },
    { label: 'Sandbox verification', href: verificationPath(exampleIds.sandboxShortId) },
    {
      label: 'Verification screened twice, with matches to review',
      href: verificationPath(exampleIds.reviewShortId),
    },
    {
      label: 'Verification screened differently from its identity',
      href: verificationPath(exampleIds.differingShortId),
    },
    { label: 'AML report with many findings', href: amlReportPath(exampleIds.amlRichId) },
    { label: 'AML report with no matches', href: amlReportPath(exampleIds.amlZeroId) },
    { label: 'AML report with 1,000 matches', href: amlReportPath(exampleIds.amlBigId) },
    { label: 'Default profile', href: profilePath(exampleIds.defaultProfileId) },
    { label: 'Archived profile', href: profilePath(exampleIds.archivedProfileId) },
  ]
  return (
    <section
      aria-labelledby="demo-title"
      className="rounded-md border border-amber-200 bg-amber-50 p-3 dark:border-amber-900 dark:bg-amber-950/40"
    >
      <h2 id="demo-title" className="text-sm font-semibold">
        Demo mode: simulated data
      </h2>
      <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
        Verity is running against its embedded simulator. Nothing here is a real person. Examples:
      </p>
      <ul className="mt-2 grid gap-1 text-sm">
        {examples.map((example) => (
          <li key={example.href}>
            <IntentLink
              href={example.href}
              className="text-link underline-offset-2 hover:underline"
            >
              {example.label}
            </IntentLink>
          </li>
        ))}
      </ul>
    </section>
  )
}
