'use client'

import { useRouter } from 'next/navigation'
import { Fragment, useId, useState, type FormEvent, type ReactNode } from 'react'

import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { Textarea } from '@/components/ui/textarea'
import {
  NARRATIVE_MAX,
  reportPatch,
  type CitationView,
  type FieldError,
  type ReportAction,
  type ReportSubject,
  type ReportView,
} from '@/lib/fiu-reports/contract'
import { apiPatch, apiPost, isApiError } from '@/lib/queries/api-fetch'
import { reportPath } from '@/lib/routes'

/*
 * A report's workspace: the form while it is a draft (each error beside its field, as the server
 * found it), the narrative with its citations as links, and the moves the viewer may make. The
 * server checks every change again; the page is refreshed after each.
 */

const SUBJECT_FIELDS: { key: keyof ReportSubject; label: string; hint?: string }[] = [
  { key: 'firstName', label: 'First name' },
  { key: 'middleName', label: 'Middle name' },
  { key: 'lastName', label: 'Last name' },
  { key: 'birthdate', label: 'Date of birth', hint: 'yyyy-mm-dd' },
  { key: 'nationality', label: 'Nationality', hint: 'two letters, e.g. DE' },
  { key: 'passportNumber', label: 'Passport number' },
  { key: 'passportCountry', label: 'Passport country', hint: 'two letters' },
  { key: 'idNumber', label: 'Identity document number' },
]

const actionLabels: Record<ReportAction, string> = {
  submit: 'Submit for approval',
  approve: 'Approve',
  return: 'Send back…',
  file: 'Record filing…',
  acknowledge: 'FIU acknowledged',
  reject: 'FIU rejected…',
}

/** The moves that ask for words first: a reason, or the FIU's reference. */
const ASKS: Partial<Record<ReportAction, { name: 'reason' | 'reference'; label: string }>> = {
  return: { name: 'reason', label: 'Why it goes back to its drafter' },
  file: { name: 'reference', label: "The FIU's reference number" },
  reject: { name: 'reason', label: "The FIU's reason for rejecting it" },
}

export function ReportWorkspace({ report }: { report: ReportView }) {
  const router = useRouter()
  const formId = useId()
  const [subject, setSubject] = useState(report.fields.subject)
  const [reason, setReason] = useState(report.fields.reason)
  const [action, setAction] = useState(report.fields.action)
  const [partyReason, setPartyReason] = useState(report.fields.partyReason)
  const [indicator, setIndicator] = useState(report.fields.indicators[0] ?? '')
  const [pending, setPending] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [asking, setAsking] = useState<ReportAction | null>(null)
  const errors = report.errors
  const editable = report.may.edit

  async function run(call: () => Promise<unknown>, after?: (result: unknown) => void) {
    setPending(true)
    setProblem(null)
    try {
      const result = await call()
      setAsking(null)
      if (after) after(result)
      else router.refresh()
    } catch (failure) {
      setProblem(isApiError(failure) ? failure.detail : 'The change was not saved. Try again.')
    } finally {
      setPending(false)
    }
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const patch = { subject, reason, action, partyReason, indicators: indicator ? [indicator] : [] }
    // The same contract the server parses: a character XML cannot carry is named before sending.
    const parsed = reportPatch.safeParse(patch)
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Check the fields.')
    void run(() => apiPatch(`/api/reports/${report.id}`, parsed.data))
  }

  function move(event: FormEvent<HTMLFormElement>, what: ReportAction) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const given = data.get('words')
    const words = typeof given === 'string' ? given.trim() : ''
    const ask = ASKS[what]
    void run(() =>
      apiPost(`/api/reports/${report.id}`, {
        action: what,
        ...(ask ? { [ask.name]: words } : {}),
      }),
    )
  }

  function correct() {
    void run(
      () =>
        apiPost<{ id: number }>('/api/reports', {
          caseId: report.caseId,
          code: report.code,
          corrects: report.id,
        }),
      (created) => router.push(reportPath((created as { id: number }).id)),
    )
  }

  const errorsOf = (field: string) => errors.filter((error) => error.field === field)

  return (
    <div className="flex flex-col gap-4">
      <Card
        id="report-errors"
        title={errors.length === 0 ? 'No errors' : `${errors.length} to correct`}
      >
        <p className="mb-2 text-muted" data-testid="report-schema">
          {report.schema === 'fiu'
            ? "Checked against the FIU's schema (GOAML_SCHEMA) and Verity's own rules."
            : "No FIU schema is set (GOAML_SCHEMA): checked against Verity's own rules only."}
        </p>
        {errors.length === 0 ? (
          <p>The XML is valid.</p>
        ) : (
          <ul
            className="list-inside list-disc text-red-700 dark:text-red-400"
            data-testid="report-errors"
          >
            {errors.map((error) => (
              <li key={`${error.field} ${error.message}`}>{error.message}</li>
            ))}
          </ul>
        )}
        {errorsOf('entity').length > 0 && (
          <p className="mt-2 text-muted">
            The reporting entity&apos;s fields are settings: an administrator sets them.
          </p>
        )}
      </Card>

      <form id={formId} onSubmit={save} className="flex flex-col gap-4" aria-label="Report fields">
        <Card id="report-subject" title={`The subject${report.masked ? ' (masked)' : ''}`}>
          <p className="mb-3 text-muted">From {report.fields.subjectSource}.</p>
          <div className="grid gap-3 sm:grid-cols-2">
            {SUBJECT_FIELDS.map(({ key, label, hint }) => (
              <Field key={key} label={label} hint={hint} errors={errorsOf(`subject.${key}`)}>
                {(describedBy) =>
                  editable ? (
                    <Input
                      name={`subject.${key}`}
                      value={subject[key]}
                      maxLength={255}
                      aria-describedby={describedBy}
                      aria-invalid={errorsOf(`subject.${key}`).length > 0 || undefined}
                      onChange={(event) => setSubject({ ...subject, [key]: event.target.value })}
                    />
                  ) : (
                    <span className="block font-mono" aria-describedby={describedBy}>
                      {subject[key] || '—'}
                    </span>
                  )
                }
              </Field>
            ))}
          </div>
        </Card>

        <Card id="report-narrative" title="Narrative">
          <div className="flex flex-col gap-3">
            <Field
              label="Reason (what is suspicious)"
              errors={errorsOf('reason')}
              hint={`at most ${NARRATIVE_MAX.toLocaleString('en')} characters`}
            >
              {(describedBy) =>
                editable ? (
                  <Textarea
                    name="reason"
                    rows={8}
                    value={reason}
                    maxLength={NARRATIVE_MAX}
                    aria-describedby={describedBy}
                    onChange={(event) => setReason(event.target.value)}
                  />
                ) : (
                  <Cited text={reason} citations={report.citations} />
                )
              }
            </Field>
            <Field label="Action taken" errors={errorsOf('action')}>
              {(describedBy) =>
                editable ? (
                  <Textarea
                    name="action"
                    rows={3}
                    value={action}
                    maxLength={NARRATIVE_MAX}
                    aria-describedby={describedBy}
                    onChange={(event) => setAction(event.target.value)}
                  />
                ) : (
                  <Cited text={action} citations={report.citations} />
                )
              }
            </Field>
            <Field label="Why the subject is suspected" errors={errorsOf('partyReason')}>
              {(describedBy) =>
                editable ? (
                  <Input
                    name="partyReason"
                    value={partyReason}
                    aria-describedby={describedBy}
                    onChange={(event) => setPartyReason(event.target.value)}
                  />
                ) : (
                  <span className="block">{partyReason || '—'}</span>
                )
              }
            </Field>
            <Field label="Indicator" errors={errorsOf('indicators')}>
              {(describedBy) =>
                editable ? (
                  <Select
                    name="indicators"
                    value={indicator}
                    aria-describedby={describedBy}
                    onChange={(event) => setIndicator(event.target.value)}
                  >
                    {report.indicatorCodes.map((code) => (
                      <option key={code} value={code}>
                        {code}
                      </option>
                    ))}
                  </Select>
                ) : (
                  <span className="block font-mono">
                    {report.fields.indicators.join(', ') || '—'}
                  </span>
                )
              }
            </Field>
            {editable && (
              <div>
                <Button type="submit" disabled={pending}>
                  Save the draft
                </Button>
              </div>
            )}
          </div>
        </Card>
      </form>

      <Card id="report-citations" title="Citations">
        <Citations citations={report.citations} />
      </Card>

      {(report.may.actions.length > 0 || report.state === 'rejected') && (
        <Card id="report-moves" title="Next step">
          <div className="flex flex-col gap-3">
            <div className="flex flex-wrap gap-2" role="group" aria-label="Report actions">
              {report.may.actions.map((what) =>
                ASKS[what] ? (
                  <Button
                    key={what}
                    variant="secondary"
                    size="sm"
                    disabled={pending}
                    aria-expanded={asking === what}
                    onClick={() => setAsking(asking === what ? null : what)}
                  >
                    {actionLabels[what]}
                  </Button>
                ) : (
                  <form key={what} onSubmit={(event) => move(event, what)}>
                    <Button
                      type="submit"
                      variant={what === 'approve' || what === 'submit' ? 'primary' : 'secondary'}
                      size="sm"
                      disabled={pending}
                    >
                      {actionLabels[what]}
                    </Button>
                  </form>
                ),
              )}
              {report.state === 'rejected' && (
                <Button variant="secondary" size="sm" disabled={pending} onClick={correct}>
                  Correct as a new report
                </Button>
              )}
            </div>
            {asking && ASKS[asking] && (
              <form
                className="flex flex-wrap items-end gap-2"
                onSubmit={(event) => move(event, asking)}
              >
                <label className="flex min-w-64 flex-1 flex-col gap-1">
                  <span className="text-xs text-muted">{ASKS[asking].label}</span>
                  <Input
                    name="words"
                    required
                    maxLength={ASKS[asking].name === 'reference' ? 255 : 2000}
                  />
                </label>
                <Button type="submit" size="sm" disabled={pending}>
                  {actionLabels[asking].replace('…', '')}
                </Button>
              </form>
            )}
          </div>
        </Card>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
    </div>
  )
}

function Field({
  label,
  hint,
  errors,
  children,
}: {
  label: string
  hint?: string | undefined
  errors: FieldError[]
  children: (describedBy: string | undefined) => ReactNode
}) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1">
      <label className="flex flex-col gap-1">
        <span className="text-xs font-medium text-muted">
          {label}
          {hint && <span className="font-normal text-faint"> · {hint}</span>}
        </span>
        {children(errors.length > 0 ? id : undefined)}
      </label>
      {errors.length > 0 && (
        <p id={id} className="text-xs text-red-700 dark:text-red-400" data-field-error>
          {errors.map((error) => error.message).join(' ')}
        </p>
      )}
    </div>
  )
}

/** The text with each `[c1]` mark a link to its source, flagged when the citation no longer holds. */
function Cited({ text, citations }: { text: string; citations: CitationView[] }) {
  if (!text) return <span className="block">—</span>
  const byId = new Map(citations.map((citation) => [citation.id, citation]))
  const parts = text.split(/(\[c\d+\])/)
  return (
    <span className="block whitespace-pre-wrap">
      {parts.map((part, index) => {
        const citation = byId.get(part.slice(1, -1))
        if (!citation) return <Fragment key={index}>{part}</Fragment>
        return (
          <a
            key={index}
            href={citation.source.href ?? '#report-citations'}
            title={citation.stale ?? citation.source.label}
            className={`font-mono text-xs ${citation.stale ? 'text-red-700 dark:text-red-400' : 'text-link'} hover:underline`}
          >
            {part}
          </a>
        )
      })}
    </span>
  )
}

function Citations({ citations }: { citations: CitationView[] }) {
  if (citations.length === 0) return <p className="text-muted">No sentence cites a source.</p>
  return (
    <ol className="flex flex-col gap-2" data-testid="report-citations">
      {citations.map((citation) => (
        <li key={citation.id} className="flex flex-col gap-0.5">
          <span>
            <span className="font-mono text-xs text-faint">[{citation.id}]</span>{' '}
            {citation.source.href ? (
              <a href={citation.source.href} className="text-link hover:underline">
                {citation.source.label}
              </a>
            ) : (
              citation.source.label
            )}
          </span>
          {citation.stale && (
            <span
              className="text-xs font-medium text-red-700 dark:text-red-400"
              data-testid="citation-flag"
            >
              {citation.stale}
            </span>
          )}
        </li>
      ))}
    </ol>
  )
}
