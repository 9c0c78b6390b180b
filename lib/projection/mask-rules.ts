import { remembered } from '@/lib/util/remembered'

/*
 * The masking rules, in one place: which values are personal (by kind, by JSON key, by shape) and
 * how a masked one looks. lib/projection/project.ts applies them on the server. How a masked
 * identity value looks: enough of its shape to tell two apart at a glance (the last
 * characters of a number, the domain of an address), not enough to use. Names and addresses are
 * not masked: analysts compare them with AML findings all day.
 */

const MASKED_KINDS = [
  'document_number',
  'personal_number',
  'date_of_birth',
  'email',
  'phone',
] as const
export type MaskedKind = (typeof MASKED_KINDS)[number]

export function isMaskedKind(kind: string): kind is MaskedKind {
  return (MASKED_KINDS as readonly string[]).includes(kind)
}

const DOT = '•'
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}.*$/

export function maskValue(kind: MaskedKind, value: string): string {
  switch (kind) {
    case 'date_of_birth':
      // Keeps the separators so a date still reads as a date; a date-time is a date (its time of
      // midnight says nothing, and `••••-••-•••••:••:•••` reads as nothing).
      return value.replace(DATE_TIME, '$1').replace(/[\p{L}\p{N}]/gu, DOT)
    case 'email': {
      const at = value.lastIndexOf('@')
      if (at < 1) return DOT.repeat(4)
      return `${value.slice(0, 1)}${DOT.repeat(3)}${value.slice(at)}`
    }
    case 'phone': {
      const digits = value.replace(/\D/g, '')
      return `${DOT.repeat(4)}${digits.length >= 7 ? digits.slice(-2) : ''}`
    }
    default: {
      const compact = value.replace(/\s/g, '')
      const shown = compact.length >= 8 ? 4 : compact.length >= 6 ? 2 : 0
      return `${DOT.repeat(4)}${shown ? compact.slice(-shown) : ''}`
    }
  }
}

const kindNames: Record<MaskedKind, string> = {
  document_number: 'document number',
  personal_number: 'personal number',
  date_of_birth: 'date of birth',
  email: 'e-mail address',
  phone: 'phone number',
}

export function maskedKindName(kind: MaskedKind) {
  return kindNames[kind]
}

/*
 * Raw JSON (check data, webhook payloads) names its values only by key: these keys hold values
 * masked like their IdentityValue kind. Matched on the key's words, so `doc_number`,
 * `documentNumber` and `poi_birth_date` are all caught.
 */
const keyKinds: { pattern: RegExp; kind: MaskedKind }[] = [
  // Dates of birth, not places of birth (`places_of_birth` is an address).
  { pattern: /(^|_)(dob|born)(_|$)|birth_?(date|day)|dates?_of_birth/, kind: 'date_of_birth' },
  { pattern: /(^|_)e?mails?(_|$)|email/, kind: 'email' },
  { pattern: /(^|_)(phones?|mobiles?|msisdn|tel|telephone)(_|$)/, kind: 'phone' },
  {
    // `document_id` names a stored file, not the document's number.
    pattern: /(^|_)(doc|document|passport|id_card|licen[cs]e)_?(number|no|num)(_|$)/,
    kind: 'document_number',
  },
  {
    pattern:
      /(^|_)(pin|personal_number|personal_id|card_number|cpf|nin|ssn|snils|inn|tin|tax_id|vin|iban|national_id)(_|$)/,
    kind: 'personal_number',
  },
]

export function maskedKindForKey(key: string | undefined): MaskedKind | null {
  return key ? kindOfKey(key) : null
}

// How a screening compared a value, not the value: an AML match's `date_of_birth_matched` holds
// `PARTIAL_MATCH`. A value of the kind's shape beneath such a key is still masked by its shape.
const MATCH_OUTCOME = /_match(ed|_level)?$/

// Records repeat the same few hundred keys: a 1,000-match report asks about 40,000 of them.
const kindOfKey = remembered((key: string): MaskedKind | null => {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()
  if (MATCH_OUTCOME.test(words)) return null
  return keyKinds.find(({ pattern }) => pattern.test(words))?.kind ?? null
}, 10_000)

/**
 * Whether a value beneath a key of `kind` (but not held by that key itself) is such a value: the
 * `{ gte: '1961-03-14' }` of a date of birth is, the `{ caption: 'Work e-mail', order: 1 }` of an
 * `email` field's settings is not.
 */
export function hasShapeOf(kind: MaskedKind, value: string): boolean {
  const digits = digitCount(value)
  switch (kind) {
    case 'email':
      return value.includes('@')
    case 'phone':
      return digits >= 7
    case 'date_of_birth':
      return digits >= 4
    default:
      return digits >= 1 && value.replace(/\s/g, '').length >= 4
  }
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/
// International (+44 20 7946 0958) or grouped (020 7946-0958) numbers; bare digit runs are ids.
const PHONE_SHAPE =
  /^(\+\d[\d\s().-]{5,}\d|\(?\d{2,5}\)?[\s.-]\d{2,5}[\s.-]\d{2,6}([\s.-]\d{1,6})?)$/
const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}/

/**
 * A value that looks like an e-mail address or a phone number is masked wherever it appears, so a
 * member the key rules did not foresee does not leak.
 */
export function maskedKindForShape(value: string): MaskedKind | null {
  if (value.length > 254) return null
  if (value.includes('@') && EMAIL_SHAPE.test(value)) return 'email'
  if (DATE_SHAPE.test(value)) return null
  const digits = digitCount(value)
  if (digits >= 7 && digits <= 15 && PHONE_SHAPE.test(value)) return 'phone'
  return null
}

// Asked of every string of a record (tens of thousands in a big report): counted, not copied.
function digitCount(value: string): number {
  let count = 0
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code >= 48 && code <= 57) count++
  }
  return count
}
