import { describe, expect, it } from 'vitest'

import { parseEnv } from '@/lib/env'

import { clockOf, type ClockFacts } from '@/lib/retention/clock'
import { clockWords, isDay } from '@/lib/retention/contract'
import { dayDue, dayJobId } from '@/lib/retention/job'
import { errorOf } from '@/tests/unit/helpers/env'

/* The retention clock (#57): from the end of the relationship, from the last record of an applicant never onboarded, sandbox records by their own days, an ongoing relationship never. */

const SETTINGS = { days: 1_826, sandboxDays: 30 }
const facts = (over: Partial<ClockFacts>): ClockFacts => ({
  firstDay: '2019-01-10',
  lastDay: '2020-03-01',
  onboarded: true,
  sandbox: false,
  endedOn: null,
  ...over,
})

describe('the retention clock', () => {
  it('keeps an onboarded applicant while the relationship is ongoing', () => {
    const clock = clockOf(facts({}), SETTINGS, '2040-01-01')
    expect(clock).toEqual({ state: 'ongoing' })
    expect(clockWords(clock)).toBe('Kept: relationship ongoing.')
  })

  it('counts RETENTION_DAYS from the end of the relationship, due the day after', () => {
    const ended = facts({ endedOn: '2021-06-30' })
    expect(clockOf(ended, SETTINGS, '2026-06-30')).toEqual({
      state: 'counting',
      rule: 'relationship_ended',
      from: '2021-06-30',
      keptUntil: '2026-06-30',
      due: false,
    })
    expect(clockOf(ended, SETTINGS, '2026-07-01')).toMatchObject({ due: true })
    expect(clockWords(clockOf(ended, SETTINGS, '2026-01-01'))).toBe(
      'Kept until 2026-06-30, because the business relationship ended on 2021-06-30.',
    )
  })

  it('counts an applicant never onboarded from its last record', () => {
    const clock = clockOf(facts({ onboarded: false }), SETTINGS, '2025-03-02')
    expect(clock).toMatchObject({
      rule: 'never_onboarded',
      from: '2020-03-01',
      keptUntil: '2025-03-01',
      due: true,
    })
    expect(clockWords(clock)).toBe(
      'Due for erasure: kept until 2025-03-01, because it was never onboarded and its last record is of 2020-03-01.',
    )
  })

  it('keeps sandbox records RETENTION_SANDBOX_DAYS, whatever else is recorded', () => {
    const clock = clockOf(
      facts({ sandbox: true, endedOn: '2020-03-01', lastDay: '2026-11-01' }),
      SETTINGS,
      '2026-11-28',
    )
    expect(clock).toMatchObject({ rule: 'sandbox', keptUntil: '2026-12-01', due: false })
  })

  it('has nothing to count without records', () => {
    expect(clockOf(null, SETTINGS, '2026-11-28')).toEqual({ state: 'no_records' })
  })
})

describe('days and the daily job', () => {
  it('accepts only days that exist', () => {
    expect(isDay('2024-02-29')).toBe(true)
    expect(isDay('2026-02-29')).toBe(false)
    expect(isDay('2026-1-01')).toBe(false)
  })

  it('asks for one job per day, from RETENTION_RUN_AT on', () => {
    expect(dayDue(new Date('2026-11-28T01:59:00Z'), '02:00')).toBeNull()
    expect(dayDue(new Date('2026-11-28T02:00:00Z'), '02:00')).toBe('2026-11-28')
    expect(dayJobId('2026-11-28')).toBe(dayJobId('2026-11-28'))
    expect(dayJobId('2026-11-28')).not.toBe(dayJobId('2026-11-29'))
    expect(dayJobId('2026-11-28')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
  })
})

describe('the retention settings', () => {
  const valid = { DS_API_BASE_URL: 'https://api.dataspike.io', DS_API_KEY: 'key-123' }

  it('keep five years, sandbox records 30 days, and run at 02:00 UTC by default', () => {
    expect(parseEnv(valid)).toMatchObject({
      RETENTION_DAYS: 1_826,
      RETENTION_SANDBOX_DAYS: 30,
      RETENTION_RUN_AT: '02:00',
      RETENTION_JOB: true,
    })
  })

  it('refuse the retired HISTORY_RETENTION_DAYS, a bad time of day and a short token, naming each', () => {
    expect(errorOf({ ...valid, HISTORY_RETENTION_DAYS: '365' })).toContain(
      'HISTORY_RETENTION_DAYS is retired',
    )
    expect(errorOf({ ...valid, RETENTION_RUN_AT: '2am' })).toContain(
      'RETENTION_RUN_AT must be a time of day',
    )
    expect(errorOf({ ...valid, RETENTION_API_TOKEN: 'short' })).toContain(
      'RETENTION_API_TOKEN must be at least 32 characters',
    )
  })
})
