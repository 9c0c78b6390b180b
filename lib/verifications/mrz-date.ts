/**
 * MRZ dates are six digits, YYMMDD, with no century. A date of birth lies in the past, so it
 * takes the latest century that does not put it after today; an expiry date may lie ahead, so it
 * takes the century that puts it closest to today (within 50 years either way).
 */

export type MrzDateKind = 'birth' | 'expiry'

const MRZ_DATE = /^(\d{2})(\d{2})(\d{2})$/

/** The date as `YYYY-MM-DD`, or null when the value is not a valid six-digit date. */
export function mrzDateToIso(
  value: string | null | undefined,
  kind: MrzDateKind,
  now: Date,
): string | null {
  const match = MRZ_DATE.exec(value?.trim() ?? '')
  if (!match) return null
  const [, yy = '', mm = '', dd = ''] = match
  const year2 = Number(yy)
  const month = Number(mm)
  const day = Number(dd)
  const year = kind === 'birth' ? birthYear(year2, month, day, now) : expiryYear(year2, now)
  if (!isValidDate(year, month, day)) return null
  return `${year}-${mm}-${dd}`
}

function birthYear(year2: number, month: number, day: number, now: Date): number {
  const century = Math.floor(now.getUTCFullYear() / 100) * 100
  const candidate = century + year2
  const asDate = Date.UTC(candidate, month - 1, day)
  return asDate > now.getTime() ? candidate - 100 : candidate
}

function expiryYear(year2: number, now: Date): number {
  const current = now.getUTCFullYear()
  const candidate = Math.floor(current / 100) * 100 + year2
  if (candidate > current + 50) return candidate - 100
  if (candidate < current - 50) return candidate + 100
  return candidate
}

function isValidDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}
