import { contains, overlaps, rangeYears } from '@/lib/review/dates'
import type { Subject } from '@/lib/review/subject'
import { nameKey } from '@/lib/review/words'

/*
 * Where the screening request differs from the verified identity in a way that changes what the
 * screening could find: another name form, a date of birth missing, wider or elsewhere, a verified
 * country left out, another gender. A screening without a gender is not reported: it finds more,
 * not less.
 */

export type ScreeningDifference = {
  field: 'name' | 'date_of_birth' | 'country' | 'gender'
  screened: string | null
  verified: string | null
  words: string
}

/** When only the requested name of the screening is known (`screened.source` null), the name alone. */
export function screeningDifferences(verified: Subject, screened: Subject): ScreeningDifference[] {
  const differences = [nameDifference(verified, screened)]
  if (screened.source)
    differences.push(
      dateDifference(verified, screened),
      countryDifference(verified, screened),
      genderDifference(verified, screened),
    )
  return differences.filter((difference) => difference !== null)
}

function nameDifference(verified: Subject, screened: Subject): ScreeningDifference | null {
  const [own] = verified.names
  const [asked] = screened.names
  if (!own || !asked || nameKey(own) === nameKey(asked)) return null
  return {
    field: 'name',
    screened: asked,
    verified: own,
    words: `Screened as ${asked}, verified as ${own}`,
  }
}

function dateDifference(verified: Subject, screened: Subject): ScreeningDifference | null {
  const own = verified.dateOfBirth
  const asked = screened.dateOfBirth
  if (!own) return null
  const ownYears = rangeYears(own)
  const difference = (words: string): ScreeningDifference => ({
    field: 'date_of_birth',
    screened: asked ? rangeYears(asked) : null,
    verified: ownYears,
    words,
  })
  if (!asked) return difference(`No date of birth in the screening; verified born ${ownYears}`)
  const askedYears = rangeYears(asked)
  if (!overlaps(asked, own))
    return difference(`Screened as born ${askedYears}, verified born ${ownYears}`)
  if (!contains(asked, own))
    return difference(
      `Screened with ${askedYears}, which covers only part of the verified ${ownYears}`,
    )
  if (asked.from === own.from && asked.to === own.to) return null
  return difference(
    askedYears === ownYears
      ? `Screened with a wider date range (${askedYears}) than the verified date of birth`
      : `Screened with ${askedYears}, verified born ${ownYears}`,
  )
}

function countryDifference(verified: Subject, screened: Subject): ScreeningDifference | null {
  const missing = verified.countries.filter((code) => !screened.countries.includes(code))
  if (missing.length === 0) return null
  const own = verified.countries.join(', ')
  const asked = screened.countries.join(', ') || null
  return {
    field: 'country',
    screened: asked,
    verified: own,
    words: asked
      ? `Screened with ${asked}, verified ${own}`
      : `No country in the screening; verified ${own}`,
  }
}

function genderDifference(verified: Subject, screened: Subject): ScreeningDifference | null {
  if (!verified.gender || !screened.gender || verified.gender === screened.gender) return null
  return {
    field: 'gender',
    screened: screened.gender,
    verified: verified.gender,
    words: `Screened as ${screened.gender}, verified ${verified.gender}`,
  }
}
