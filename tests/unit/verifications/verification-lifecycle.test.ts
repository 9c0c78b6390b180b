import { describe, expect, it } from 'vitest'

import { canStillExpire, isFinal, movesFrom } from '@/lib/verifications/lifecycle'
import { checkEntries, errorSummary } from '@/lib/verifications/checks'
import type { Verification } from '@/lib/upstream/schemas'

const targets = (status: string) =>
  movesFrom(status)
    ?.map((move) => move.to)
    .sort()

describe('movesFrom – reference section 3', () => {
  it('lets a new verification collect documents, proceed, be canceled or expire', () => {
    expect(targets('initial')).toEqual(['canceled', 'expired', 'in_progress', 'pending'])
  })

  it('lets an in-progress verification get its result or be canceled, but not expire', () => {
    expect(targets('in_progress')).toEqual(['canceled', 'failed', 'verified'])
  })

  it('allows nothing once verified or failed', () => {
    expect(movesFrom('verified')).toEqual([])
    expect(movesFrom('failed')).toEqual([])
    expect(isFinal('verified')).toBe(true)
    expect(isFinal('canceled')).toBe(false)
  })

  it('still lets a canceled verification expire, and an expired one be canceled', () => {
    expect(targets('canceled')).toEqual(['expired'])
    expect(targets('expired')).toEqual(['canceled'])
  })

  it('knows no moves for a status outside the reference', () => {
    expect(movesFrom('passed')).toBeNull()
    expect(movesFrom(undefined)).toBeNull()
  })
})

describe('canStillExpire – drives the expiry countdown', () => {
  it.each([
    ['initial', true],
    ['pending', true],
    ['canceled', true],
    ['in_progress', false],
    ['verified', false],
    ['failed', false],
    ['expired', false],
    ['passed', false],
  ])('%s: %s', (status, expected) => {
    expect(canStillExpire(status)).toBe(expected)
  })
})

const base: Verification = { id: 'v1', status: 'failed' }

describe('checkEntries and errorSummary', () => {
  it('counts errors over the reported checks', () => {
    const entries = checkEntries({
      ...base,
      checks: {
        document_mrz: {
          errors: [
            { code: 7000, message: 'dup' },
            { code: 1001, message: 'parse' },
          ],
        },
        face_comparison: { errors: [{ code: 7002, message: 'dup' }] },
        liveness: { errors: [] },
      },
    })
    expect(errorSummary(entries)).toBe('3 errors in 2 of 3 checks')
  })

  it('says when no check has an error, or none was reported', () => {
    expect(errorSummary(checkEntries({ ...base, checks: { poa: { errors: [] } } }))).toBe(
      'No errors in 1 check',
    )
    expect(errorSummary(checkEntries(base))).toBe('No checks reported')
  })

  it('marks checks required or not from the settings, and claims nothing without settings', () => {
    const withSettings = checkEntries({
      ...base,
      settings: { poi_required: true, face_comparison_required: false },
    })
    expect(withSettings.map((entry) => entry.requirement)).toEqual([
      'required',
      'optional',
      'unknown',
      'unknown',
    ])
    expect(checkEntries(base).every((entry) => entry.requirement === 'unknown')).toBe(true)
  })

  it('keeps a check the reference does not know, after the four known ones', () => {
    const entries = checkEntries({
      ...base,
      checks: { ssn: { errors: [{ code: 11001, message: 'x' }] } },
    })
    expect(entries.map((entry) => entry.name)).toEqual([
      'document_mrz',
      'face_comparison',
      'poa',
      'liveness',
      'ssn',
    ])
    expect(entries.at(-1)?.reported).toBe(true)
    expect(errorSummary(entries)).toBe('1 error in 1 of 1 check')
  })
})
