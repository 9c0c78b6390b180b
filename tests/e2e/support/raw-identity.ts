import { simUrl, testKey } from '@/playwright.config'

/*
 * The simulator's raw personal values, read straight from the simulator and picked out by an
 * explicit list written here, not by lib/projection's rules: a leak test that reused the masking
 * rules would miss whatever those rules miss. Then a search for them in what the browser received.
 */

/** One record as the simulator serves it, with the suite's key, bypassing Verity. */
export async function simGet<T = unknown>(path: string): Promise<T> {
  const response = await fetch(`${simUrl}${path}`, { headers: { 'ds-api-token': testKey } })
  if (!response.ok) throw new Error(`simulator GET ${path} answered ${response.status}`)
  return (await response.json()) as T
}

/** Document, personal, card and licence numbers, as they sit in POI data and MRZ data. */
const NUMBER_KEYS = new Set([
  'document_number',
  'doc_number',
  'pin',
  'cpf_number',
  'nin',
  'vin',
  'card_number',
  'license_number',
])
/** POI and MRZ `birth_date` (ISO or six MRZ digits), manual fields' `dob`. */
const BIRTH_KEYS = new Set(['birth_date', 'dob'])
/** Manual fields' single values. */
const CONTACT_KEYS = new Set(['email', 'phone'])
/** AML contact info's lists. */
const CONTACT_LIST_KEYS = new Set(['emails', 'phones'])
/** The search request's `date_of_birth` range, AML matches' `dates_of_birth` ranges. */
const BIRTH_RANGE_KEYS = new Set(['date_of_birth', 'dates_of_birth'])

const EMAIL = /^[^\s@"<>]+@[^\s@"<>]+\.[A-Za-z]{2,}$/
const PHONE = /^\+\d[\d\s().-]{5,}\d$/

/** Shorter values could turn up by coincidence (a code, a count, part of an id). */
export const MIN_LENGTH = 6

function rangeEnds(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(rangeEnds)
  if (value && typeof value === 'object') {
    const { gte, lte } = value as { gte?: unknown; lte?: unknown }
    return [gte, lte].filter((end): end is string => typeof end === 'string')
  }
  return []
}

/** An MRZ date (YYMMDD) also as the full dates a page could print it as. */
function withMrzForms(value: string): string[] {
  const mrz = /^(\d{2})(\d{2})(\d{2})$/.exec(value)
  if (!mrz) return [value]
  const [, yy, mm, dd] = mrz
  return [value, `19${yy}-${mm}-${dd}`, `20${yy}-${mm}-${dd}`]
}

/** Every personal value in `record`, at any depth (so webhook payloads are covered too). */
export function identityValues(record: unknown, into = new Set<string>()): Set<string> {
  const add = (value: unknown) => {
    if (typeof value === 'number') value = String(value)
    if (typeof value === 'string' && value.trim().length >= MIN_LENGTH) into.add(value.trim())
  }
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      if (EMAIL.test(value) || PHONE.test(value)) add(value)
      return
    }
    if (Array.isArray(value)) return value.forEach(walk)
    if (!value || typeof value !== 'object') return
    for (const [key, member] of Object.entries(value)) {
      if (NUMBER_KEYS.has(key) || CONTACT_KEYS.has(key)) add(member)
      if (BIRTH_KEYS.has(key) && typeof member === 'string') withMrzForms(member).forEach(add)
      if (CONTACT_LIST_KEYS.has(key) && Array.isArray(member)) member.forEach(add)
      if (BIRTH_RANGE_KEYS.has(key)) rangeEnds(member).forEach(add)
      // AML registration ids (passport and company numbers). A wallet's id is also its name.
      if (key === 'registration_ids' && Array.isArray(member)) {
        for (const item of member as { id?: unknown; id_type?: unknown }[]) {
          if (item?.id_type !== 'wallet') add(item?.id)
        }
      }
      walk(member)
    }
  }
  walk(record)
  return into
}

export type Seen = { where: string; text: string }
export type Leak = { value: string; where: string; context: string }

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Where any value occurs as a whole (not inside a longer run of letters or digits, so a date is
 * compared as its exact string and a number is not found inside a longer one).
 */
export function findLeaks(values: Iterable<string>, seen: readonly Seen[]): Leak[] {
  const leaks: Leak[] = []
  for (const value of values) {
    const pattern = new RegExp(`(?<![A-Za-z0-9])${escape(value)}(?![A-Za-z0-9])`)
    for (const { where, text } of seen) {
      const found = pattern.exec(text)
      if (found) {
        const context = text.slice(Math.max(0, found.index - 60), found.index + value.length + 20)
        leaks.push({ value, where, context })
      }
    }
  }
  return leaks
}
