import { z } from 'zod'

import { freeTextIssue } from '@/lib/api/free-text'

/*
 * The browser-safe contract of suspicious-activity reports to the FIU (docs/reports.md): states,
 * actions, fields and their limits, the requests the API parses and the form checks before
 * sending, and what a report looks like when answered. The server (lib/fiu-reports/*) enforces the
 * same; nothing here reads the store.
 */

export const REPORT_STATES = [
  'draft',
  'awaiting_approval',
  'approved',
  'filed',
  'acknowledged',
  'rejected',
] as const
export type ReportState = (typeof REPORT_STATES)[number]

export const stateLabels: Record<ReportState, string> = {
  draft: 'Draft',
  awaiting_approval: 'Awaiting approval',
  approved: 'Approved',
  filed: 'Filed',
  acknowledged: 'Acknowledged',
  rejected: 'Rejected by the FIU',
}

export const REPORT_ACTIONS = [
  'submit',
  'approve',
  'return',
  'file',
  'acknowledge',
  'reject',
] as const
export type ReportAction = (typeof REPORT_ACTIONS)[number]

/** A report not filed shows on the home page and the queue this many days before it is due. */
export const REPORT_DUE_SOON_DAYS = 7

/** goAML's limit on `reason` and `action`. */
export const NARRATIVE_MAX = 8000
export const NAME_MAX = 100
export const NUMBER_MAX = 255
export const REFERENCE_MAX = 255

/** Where a sentence of the narrative comes from. */
export type SourceType = 'match' | 'decision' | 'case_event' | 'audit'

export type Citation = {
  /** `c1`, `c2`, …: the mark the narrative's sentence carries. */
  id: string
  /** The sentence as drafted. */
  sentence: string
  source: { type: SourceType; id: string; label: string; href: string | null }
  /** What the source said when drafted (its digest): a changed source no longer matches it. */
  digest: string
}

export type ReportSubject = {
  firstName: string
  middleName: string
  lastName: string
  /** yyyy-mm-dd, or empty. */
  birthdate: string
  /** Two-letter codes, or empty. */
  nationality: string
  passportNumber: string
  passportCountry: string
  idNumber: string
}

export type ReportFields = {
  subject: ReportSubject
  /** Where the subject's facts came from ("verification abc123", "the screening request"). */
  subjectSource: string
  reason: string
  action: string
  /** Why the party is suspected (the report party's own `reason`). */
  partyReason: string
  indicators: string[]
  citations: Citation[]
}

/** A field of the form and the words that say what is wrong with it. */
export type FieldError = { field: string; message: string }

/** A citation as shown: whether its source still says what it said, and its sentence is still there. */
export type CitationView = Citation & { stale: string | null }

export type ReportEventView = {
  id: number
  kind: string
  user: string
  fromState: string | null
  toState: string | null
  reason: string | null
  at: string
}

/** A report as the API and the pages answer it. */
export type ReportView = {
  id: number
  caseId: number
  caseName: string | null
  code: string
  state: ReportState
  drafter: string
  approver: string | null
  fields: ReportFields
  /** Whether `fields.subject`'s personal values are shown as they are (being edited) or masked. */
  masked: boolean
  citations: CitationView[]
  errors: FieldError[]
  /** Whether errors came from the FIU's schema (GOAML_SCHEMA) or only Verity's own rules. */
  schema: 'fiu' | 'own_rules'
  decidedAt: string
  dueAt: string
  prevRejectedRef: string | null
  fiuRef: string | null
  filedAt: string | null
  answeredAt: string | null
  approvedSha256: string | null
  createdAt: string
  updatedAt: string
  events: ReportEventView[]
  /** What the viewer may do now (the server checks again). */
  may: { edit: boolean; actions: ReportAction[] }
  codes: string[]
  indicatorCodes: string[]
}

export type ReportListItem = {
  id: number
  caseId: number
  caseName: string | null
  code: string
  state: ReportState
  drafter: string
  dueAt: string
  updatedAt: string
}

const SURROGATE_OR_NONCHARACTER = /[\uD800-\uDFFF\uFFFE\uFFFF]/u
// XML 1.0 carries tab, line feed and carriage return of the C0 controls, none of the others.
const XML_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/

/** Why `value` cannot be written into the report's XML (XML 1.0's characters), or null. */
export function xmlTextIssue(value: string): string | null {
  const bad = XML_CONTROL.exec(value) ?? SURROGATE_OR_NONCHARACTER.exec(value)
  if (!bad) return null
  const code = bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')
  return `holds a character a goAML file cannot carry (U+${code})`
}

/** Field names as the form and the errors say them. */
export const fieldLabels: Record<string, string> = {
  'subject.firstName': "The subject's first name",
  'subject.middleName': "The subject's middle name",
  'subject.lastName': "The subject's last name",
  'subject.birthdate': "The subject's date of birth",
  'subject.nationality': "The subject's nationality",
  'subject.passportNumber': "The subject's passport number",
  'subject.passportCountry': "The passport's country",
  'subject.idNumber': "The subject's identity document number",
  reason: 'The narrative (reason)',
  action: 'The action taken',
  partyReason: 'Why the subject is suspected',
  indicators: 'The indicators',
  code: 'The report code',
  entity: 'The reporting entity',
}

function text(field: string, max: number) {
  const label = fieldLabels[field] ?? field
  return z
    .string({ error: `${label} must be text` })
    .max(max, `${label} is at most ${max.toLocaleString('en')} characters`)
    .superRefine((value, context) => {
      const issue = xmlTextIssue(value) ?? freeTextIssue(value)
      if (issue) context.addIssue({ code: 'custom', message: `${label} ${issue}` })
    })
}

const countryField = (field: string) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .refine(
      (value) => value === '' || /^[A-Z]{2}$/.test(value),
      `${fieldLabels[field]} must be a two-letter country code such as DE`,
    )

export const subjectPatch = z
  .object({
    firstName: text('subject.firstName', NAME_MAX),
    middleName: text('subject.middleName', NAME_MAX),
    lastName: text('subject.lastName', NAME_MAX),
    birthdate: z
      .string()
      .trim()
      .refine(
        (value) => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value),
        "The subject's date of birth must be a date such as 1970-01-31",
      ),
    nationality: countryField('subject.nationality'),
    passportNumber: text('subject.passportNumber', NUMBER_MAX),
    passportCountry: countryField('subject.passportCountry'),
    idNumber: text('subject.idNumber', NUMBER_MAX),
  })
  .partial()

/** The body of PATCH /api/reports/{id}: only the fields that change. */
export const reportPatch = z
  .strictObject({
    reason: text('reason', NARRATIVE_MAX),
    action: text('action', NARRATIVE_MAX),
    partyReason: text('partyReason', NARRATIVE_MAX),
    subject: subjectPatch,
    indicators: z
      .array(z.string().trim().min(1).max(50), { error: 'indicators must be a list of codes' })
      .max(50),
  })
  .partial()
export type ReportPatch = z.infer<typeof reportPatch>

export const reportIdParam = z.coerce
  .number({ error: 'The report id must be a number' })
  .int('The report id must be a whole number')
  .positive('The report id must be positive')
  .max(2 ** 53 - 1)

/** The body of POST /api/reports. */
export const createReportRequest = z.object({
  caseId: z.coerce
    .number({ error: 'caseId must be the number of a case' })
    .int('caseId must be a whole number')
    .positive('caseId must be positive'),
  code: z.string({ error: 'code is required (STR or SAR)' }).trim().min(1).max(20),
  /** A report the FIU rejected, which this one corrects (it names the rejected reference). */
  corrects: z.coerce
    .number({ error: 'corrects must be the id of a report' })
    .int()
    .positive()
    .optional(),
})

/** The body of POST /api/reports/{id}: one move of the report. */
export const reportActionRequest = z.object({
  action: z.enum(REPORT_ACTIONS, {
    error: 'action must be submit, approve, return, file, acknowledge or reject',
  }),
  reason: text('reason', 2000).optional(),
  reference: z
    .string()
    .trim()
    .max(REFERENCE_MAX, `The FIU's reference is at most ${REFERENCE_MAX} characters`)
    .superRefine((value, context) => {
      const issue = xmlTextIssue(value) ?? freeTextIssue(value)
      if (issue) context.addIssue({ code: 'custom', message: `The FIU's reference ${issue}` })
    })
    .optional(),
})
export type ReportActionRequest = z.infer<typeof reportActionRequest>

export const reportListParams = z.object({
  state: z
    .enum(REPORT_STATES, { error: `state must be one of ${REPORT_STATES.join(', ')}` })
    .optional(),
})
