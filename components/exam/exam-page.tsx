import { buttonClass } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import type { ExamPageData } from '@/lib/exam/request'

/**
 * /exam: a period's signed exam pack, downloaded by a plain form (it works without the page's
 * script), and how an examiner checks it with only the deployment's public key.
 */
export function ExamPage({ data, today }: { data: ExamPageData; today: string }) {
  const halfYearAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 181 * 86_400_000)
    .toISOString()
    .slice(0, 10)
  return (
    <div className="max-w-3xl space-y-5">
      <div>
        <h1 className="text-xl font-semibold">Exam pack</h1>
        <p className="mt-0.5 text-sm text-muted">
          The proof of a period&apos;s work for an examiner or an internal auditor: the cases
          opened, closed and open, their state changes and due dates, the decisions and their second
          reviewers, the settings in force and the audit trail&apos;s rows with the chain&apos;s
          heads at both ends, in one ZIP whose manifest is signed with this deployment&apos;s
          evidence key.
        </p>
      </div>
      {data.mayMake ? (
        <form
          method="get"
          action="/api/exam-pack"
          className="flex flex-wrap items-end gap-3 rounded border border-line bg-surface p-3"
          aria-label="Make an exam pack"
        >
          <label className="flex flex-col text-xs font-medium">
            From (UTC day)
            <Input type="date" name="from" required defaultValue={halfYearAgo} max={today} sunken />
          </label>
          <label className="flex flex-col text-xs font-medium">
            To (included)
            <Input type="date" name="to" required defaultValue={today} sunken />
          </label>
          <label className="flex flex-col text-xs font-medium">
            Data
            <Select name="data" sunken defaultValue="masked">
              <option value="masked">Masked: reasons as SHA-256, no names</option>
              {data.mayUnmask && <option value="unmasked">Unmasked: names and reasons</option>}
            </Select>
          </label>
          <button type="submit" className={buttonClass('primary', 'md')}>
            Download the pack
          </button>
        </form>
      ) : (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          Exam packs are made by leads and auditors.
        </p>
      )}
      {data.auditor && (
        <p className="text-sm text-muted">
          You are signed in as an auditor: you read everything and change nothing, and your packs
          hold masked data only.
        </p>
      )}
      <section className="space-y-1.5 text-sm">
        <h2 className="font-semibold">How an examiner verifies a pack</h2>
        <ol className="list-decimal space-y-1 pl-5">
          <li>
            Take the public key from{' '}
            <a href="/.well-known/verity-evidence-key" className="text-link hover:underline">
              /.well-known/verity-evidence-key
            </a>{' '}
            (or <code>npm run evidence:key</code>).
          </li>
          <li>
            Run <code>npm run exam:verify -- pack.zip --key public-key.pem</code>: no store is
            needed. It checks the manifest&apos;s signature, every file&apos;s SHA-256, each
            line&apos;s link to the one before, and that the trail&apos;s rows run from the first
            head to the last with none missing; it names what fails.
          </li>
        </ol>
        <p className="text-muted">
          Making a pack is recorded in the audit trail. A long period streams for a while: the
          download starts at once and grows as the pack is made.
        </p>
      </section>
    </div>
  )
}
