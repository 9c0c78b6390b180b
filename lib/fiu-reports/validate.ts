import { readFileSync } from 'node:fs'

import { XmlDocument, XmlValidateError, XsdValidator, type ErrorDetail } from 'libxml2-wasm'

import { fieldLabels, type FieldError, type ReportFields } from './contract'
import {
  buildReportXml,
  textErrors,
  XmlTextError,
  type ReportingEntity,
  type XmlReport,
} from './xml'

/*
 * A report's errors, each beside its form field in plain words: Verity's own rules first (what any
 * FIU needs: a name, a narrative, the reporting entity's settings), then, when the deployment
 * names its FIU's XSD (GOAML_SCHEMA), libxml2's verdict on the XML, each of its messages turned
 * from an element path and a facet into a field and a sentence.
 */

/** The element paths of what Verity emits, as the form's fields. */
const ELEMENT_FIELDS: Record<string, string> = {
  first_name: 'subject.firstName',
  middle_name: 'subject.middleName',
  last_name: 'subject.lastName',
  birthdate: 'subject.birthdate',
  passport_number: 'subject.passportNumber',
  passport_country: 'subject.passportCountry',
  id_number: 'subject.idNumber',
  nationality1: 'subject.nationality',
  indicator: 'indicators',
  report_indicators: 'indicators',
  report_code: 'code',
}

/** The reporting entity's elements, as the settings that fill them. */
const ENTITY_SETTINGS: Record<string, string> = {
  rentity_id: "The reporting entity's id (GOAML_RENTITY_ID)",
  rentity_branch: "The reporting entity's branch (GOAML_RENTITY_BRANCH)",
  submission_code: 'The submission code (GOAML_SUBMISSION_CODE)',
  currency_code_local: 'The local currency (GOAML_CURRENCY)',
  reporting_user_code: 'The reporting user code (GOAML_REPORTING_USER_CODE)',
  address_type: "The entity address's type (GOAML_ADDRESS_TYPE)",
  address: "The reporting entity's address (GOAML_ADDRESS)",
  city: "The reporting entity's city (GOAML_CITY)",
  country_code: "The reporting entity's country (GOAML_COUNTRY)",
  role: "The party's role (GOAML_PARTY_ROLE)",
}

/** The field and its label for an element at `path` (`/report/activity/.../person/last_name`). */
function fieldOf(path: string[]): { field: string; label: string } {
  const element = path.at(-1) ?? 'report'
  const parent = path.at(-2)
  if (element === 'reason' && parent === 'report_party') {
    return { field: 'partyReason', label: fieldLabels.partyReason! }
  }
  if (element === 'reason' || element === 'action') {
    return { field: element, label: fieldLabels[element]! }
  }
  const field = ELEMENT_FIELDS[element]
  if (field) return { field, label: fieldLabels[field]! }
  const setting = ENTITY_SETTINGS[element]
  if (setting) return { field: 'entity', label: setting }
  if (element === 'person' || element === 'report_party') {
    return { field: 'subject.lastName', label: 'The subject' }
  }
  return { field: 'entity', label: `The element ${element}` }
}

/** One libxml2 message as a field and a sentence. */
export function fieldErrorOf(detail: Pick<ErrorDetail, 'message' | 'xpath'>): FieldError {
  const path = (detail.xpath ?? '')
    .split('/')
    .filter(Boolean)
    .map((step) => step.replace(/\[\d+\]$/, ''))
  const message = detail.message.trim()
  const missing = /Missing child element\(s\)\. Expected is (?:one of )?\( ([^)]+) \)/.exec(message)
  if (missing) {
    const first = missing[1]!.split(',')[0]!.trim()
    const { field, label } = fieldOf([...path, first])
    return { field, message: `${label} is required.` }
  }
  const notExpected = /^Element '([^']+)': This element is not expected/.exec(message)
  if (notExpected) {
    const { field, label } = fieldOf([...path.slice(0, -1), notExpected[1]!])
    return { field, message: `${label} is not expected here by the FIU's schema.` }
  }
  const { field, label } = fieldOf(path)
  const facet = /\[facet '(\w+)'\]/.exec(message)?.[1]
  const limit = /allowed (?:maximum|minimum) length of '(\d+)'/.exec(message)?.[1]
  switch (facet) {
    case 'maxLength':
      return { field, message: `${label} is too long: at most ${limit} characters.` }
    case 'minLength':
      return {
        field,
        message: /length of '0'/.test(message)
          ? `${label} is required.`
          : `${label} is too short: at least ${limit} characters.`,
      }
    case 'enumeration':
      return { field, message: `${label} is not a code the FIU's list allows.` }
    case 'pattern':
      return { field, message: `${label} is not in the form the FIU asks for.` }
    case 'minInclusive':
    case 'maxInclusive':
      return { field, message: `${label} is out of the range the FIU allows.` }
  }
  if (/is not a valid value of the atomic type/.test(message)) {
    return { field, message: `${label} is not a valid value for the FIU's schema.` }
  }
  return { field, message: `${label}: ${message.replace(/^Element '[^']+': /, '')}` }
}

const validators = new Map<string, XsdValidator>()

function validatorFor(path: string): XsdValidator {
  let validator = validators.get(path)
  if (!validator) {
    const schema = XmlDocument.fromBuffer(readFileSync(path), { url: path })
    try {
      validator = XsdValidator.fromDoc(schema)
    } finally {
      schema.dispose()
    }
    validators.set(path, validator)
  }
  return validator
}

/** libxml2's verdict on `xml` against the XSD at `schemaPath`, as field errors. */
export function schemaErrors(xml: string, schemaPath: string): FieldError[] {
  const validator = validatorFor(schemaPath)
  const doc = XmlDocument.fromString(xml)
  try {
    validator.validate(doc)
    return []
  } catch (error) {
    if (error instanceof XmlValidateError) return error.details.map(fieldErrorOf)
    throw error
  } finally {
    doc.dispose()
  }
}

/** What any FIU needs, whatever its schema. */
export function ownRuleErrors(entity: ReportingEntity, fields: ReportFields): FieldError[] {
  const errors: FieldError[] = []
  const need = (ok: boolean, field: string, message: string) => {
    if (!ok) errors.push({ field, message })
  }
  const { subject } = fields
  need(
    subject.firstName.trim() !== '',
    'subject.firstName',
    "The subject's first name is required.",
  )
  need(subject.lastName.trim() !== '', 'subject.lastName', "The subject's last name is required.")
  need(
    fields.reason.trim() !== '',
    'reason',
    'The narrative (reason) is required: say why the activity is suspicious.',
  )
  need(fields.indicators.length > 0, 'indicators', 'At least one indicator is required.')
  need(
    subject.passportNumber === '' || subject.passportCountry !== '',
    'subject.passportCountry',
    "The passport's country is required with its number.",
  )
  if (subject.birthdate !== '') {
    const date = new Date(`${subject.birthdate}T00:00:00Z`)
    need(
      !Number.isNaN(date.getTime()) &&
        subject.birthdate >= '1753-01-01' &&
        date.getTime() <= Date.now(),
      'subject.birthdate',
      "The subject's date of birth must be a real date in the past.",
    )
  }
  const settings: [unknown, string][] = [
    [entity.rentityId, "The reporting entity's id is not set (GOAML_RENTITY_ID)."],
    [entity.rentityBranch, "The reporting entity's branch is not set (GOAML_RENTITY_BRANCH)."],
    [entity.reportingUserCode, 'The reporting user code is not set (GOAML_REPORTING_USER_CODE).'],
    [entity.address, "The reporting entity's address is not set (GOAML_ADDRESS)."],
    [entity.city, "The reporting entity's city is not set (GOAML_CITY)."],
    [entity.country, "The reporting entity's country is not set (GOAML_COUNTRY)."],
  ]
  for (const [value, message] of settings) need(Boolean(value), 'entity', message)
  return errors
}

export type Validated = { errors: FieldError[]; xml: string | null }

/**
 * Every error of the report: its text first (a character XML cannot carry stops the file being
 * made), then Verity's rules, then the FIU's schema when one is set; one error per field and
 * message.
 */
export function validateReport(
  entity: ReportingEntity,
  report: XmlReport,
  schemaPath: string | null,
): Validated {
  const text = textErrors(report.fields)
  if (text.length > 0) return { errors: text, xml: null }
  let xml: string
  try {
    xml = buildReportXml(entity, report)
  } catch (error) {
    if (error instanceof XmlTextError) return { errors: error.errors, xml: null }
    throw error
  }
  const errors = [
    ...ownRuleErrors(entity, report.fields),
    ...(schemaPath ? schemaErrors(xml, schemaPath) : []),
  ]
  const seen = new Set<string>()
  const unique = errors.filter((error) => {
    const key = `${error.field} ${error.message}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
  return { errors: unique, xml }
}
