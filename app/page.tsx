import { IntentLink } from '@/components/ui/intent-link'
import { exampleIds } from '@/lib/demo/example-ids'
import { getEnv } from '@/lib/env'
import {
  amlReportPath,
  profilePath,
  profilesPath,
  verificationPath,
  webhooksPath,
} from '@/lib/routes'

export default function HomePage() {
  const demo = getEnv().VERITY_DEMO
  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <h1 className="text-xl font-semibold">Verity</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          What the verification service knows: verification profiles, verifications by short id, AML
          screening reports and the webhook history. Paste an id or a verification URL into the
          search box to open a record.
        </p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2">
        <HomeLink href={profilesPath} title="Verification profiles">
          Which checks and documents each profile requires.
        </HomeLink>
        <HomeLink href={webhooksPath()} title="Webhook history">
          Every notification the service sent, newest first.
        </HomeLink>
      </ul>
      {demo && <DemoExamples />}
    </div>
  )
}

function HomeLink({ href, title, children }: { href: string; title: string; children: string }) {
  return (
    <li>
      <IntentLink
        href={href}
        className="block rounded-md border border-zinc-200 bg-white p-4 hover:border-zinc-400 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-zinc-600"
      >
        <span className="text-sm font-medium">{title}</span>
        <span className="mt-1 block text-sm text-zinc-600 dark:text-zinc-400">{children}</span>
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
    { label: 'AML report with many findings', href: amlReportPath(exampleIds.amlRichId) },
    { label: 'AML report with no matches', href: amlReportPath(exampleIds.amlZeroId) },
    { label: 'AML report with 1,000 matches', href: amlReportPath(exampleIds.amlBigId) },
    { label: 'Default profile', href: profilePath(exampleIds.defaultProfileId) },
    { label: 'Archived profile', href: profilePath(exampleIds.archivedProfileId) },
  ]
  return (
    <section
      aria-labelledby="demo-title"
      className="rounded-md border border-amber-200 bg-amber-50 p-4 dark:border-amber-900 dark:bg-amber-950/40"
    >
      <h2 id="demo-title" className="text-sm font-semibold">
        Demo mode: simulated data
      </h2>
      <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
        Verity is running against its embedded simulator. Nothing here is a real person. Examples:
      </p>
      <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
        {examples.map((example) => (
          <li key={example.href}>
            <IntentLink
              href={example.href}
              className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
            >
              {example.label}
            </IntentLink>
          </li>
        ))}
      </ul>
    </section>
  )
}
