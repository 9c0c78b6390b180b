import { create } from 'xmlbuilder2'

import { xmlTextIssue, fieldLabels, type FieldError, type ReportFields } from './contract'

/*
 * The goAML XML of a report, built with xmlbuilder2 (never by joining strings): an activity report
 * in the generic 5.0.1 schema's order (docs/reports.md). Every text is checked for characters XML
 * 1.0 cannot carry before anything is built, and the builder is asked for a well-formed document
 * as a second guard, so a hostile name gives a field error, never a broken file.
 */

export type ReportingEntity = {
  rentityId: number | null
  rentityBranch: string | null
  reportingUserCode: string | null
  currency: string
  address: string | null
  city: string | null
  country: string | null
  submissionCode: string
  addressType: string
  partyRole: string
}

export type XmlReport = {
  code: string
  /** Verity's own reference: the case and report. */
  entityReference: string
  prevRejectedRef: string | null
  /** The report's date, ISO 8601. */
  date: string
  fields: ReportFields
}

export class XmlTextError extends Error {
  override readonly name = 'XmlTextError'
  readonly errors: FieldError[]
  constructor(errors: FieldError[]) {
    super(errors.map((error) => error.message).join(' '))
    this.errors = errors
  }
}

/** Fields whose text cannot go into XML, each with its error. */
export function textErrors(fields: ReportFields): FieldError[] {
  const texts: [string, string][] = [
    ['reason', fields.reason],
    ['action', fields.action],
    ['partyReason', fields.partyReason],
    ...Object.entries(fields.subject).map(([key, value]): [string, string] => [
      `subject.${key}`,
      value,
    ]),
    ...fields.indicators.map((value): [string, string] => ['indicators', value]),
  ]
  return texts.flatMap(([field, value]) => {
    const issue = xmlTextIssue(value)
    return issue ? [{ field, message: `${fieldLabels[field] ?? field} ${issue}` }] : []
  })
}

/** goAML's `sql_date`: a date-time without a zone. */
function sqlDate(date: string) {
  return `${date.slice(0, 10)}T00:00:00`
}

export function buildReportXml(entity: ReportingEntity, report: XmlReport): string {
  const errors = textErrors(report.fields)
  if (errors.length > 0) throw new XmlTextError(errors)
  const { subject } = report.fields
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('report')
  // xmlbuilder2 leaves an ampersand that starts an entity (`&amp;`, `&#1;`) as it is, so text that
  // holds one would come back changed, or name a character XML cannot carry: every ampersand is
  // written as `&amp;` first, which the builder then keeps.
  const add = (parent: typeof root, name: string, value: string | number) =>
    parent.ele(name).txt(String(value).replace(/&/g, '&amp;')).up()
  const optional = (parent: typeof root, name: string, value: string | null | undefined) => {
    if (value) add(parent, name, value)
  }
  add(root, 'rentity_id', entity.rentityId ?? '')
  add(root, 'rentity_branch', entity.rentityBranch ?? '')
  add(root, 'submission_code', entity.submissionCode)
  add(root, 'report_code', report.code)
  add(root, 'entity_reference', report.entityReference)
  optional(root, 'prev_rejected_ref_number', report.prevRejectedRef)
  add(root, 'submission_date', sqlDate(report.date))
  add(root, 'currency_code_local', entity.currency)
  add(root, 'reporting_user_code', entity.reportingUserCode ?? '')
  const location = root.ele('location')
  add(location, 'address_type', entity.addressType)
  add(location, 'address', entity.address ?? '')
  add(location, 'city', entity.city ?? '')
  add(location, 'country_code', entity.country ?? '')
  optional(root, 'reason', report.fields.reason)
  optional(root, 'action', report.fields.action)
  const party = root.ele('activity').ele('report_parties').ele('report_party')
  add(party, 'role', entity.partyRole)
  const person = party.ele('person')
  add(person, 'first_name', subject.firstName)
  optional(person, 'middle_name', subject.middleName)
  add(person, 'last_name', subject.lastName)
  optional(person, 'birthdate', subject.birthdate ? sqlDate(subject.birthdate) : null)
  optional(person, 'passport_number', subject.passportNumber)
  optional(person, 'passport_country', subject.passportNumber ? subject.passportCountry : null)
  optional(person, 'id_number', subject.idNumber)
  optional(person, 'nationality1', subject.nationality)
  add(party, 'is_suspected', 'true')
  optional(party, 'reason', report.fields.partyReason)
  const indicators = root.ele('report_indicators')
  for (const indicator of report.fields.indicators) add(indicators, 'indicator', indicator)
  return root.end({ prettyPrint: true, wellFormed: true })
}
