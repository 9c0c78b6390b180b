import { describe, expect, it } from 'vitest'

import { parseEnv } from '@/lib/env'
import { errorOf } from '@/tests/unit/helpers/env'
import {
  CASE_STATES,
  checkAssign,
  checkClaim,
  checkClose,
  checkMove,
  checkRelease,
  checkSnooze,
  dueText,
  isActive,
  mayMove,
  MOVES,
  type CaseState,
  type MatchVerdict,
  type Move,
} from '@/lib/cases/rules'

const H = 3_600_000
const now = new Date('2026-11-25T12:00:00Z')

describe('the case state machine', () => {
  // Every allowed move and where it goes; every other pair is refused.
  const allowed: Record<Move, Partial<Record<CaseState, CaseState>>> = {
    start: { open: 'in_review' },
    wait: { open: 'waiting', in_review: 'waiting', waiting: 'waiting', escalated: 'waiting' },
    escalate: { open: 'escalated', in_review: 'escalated', waiting: 'escalated' },
    resume: { waiting: 'in_review', escalated: 'in_review' },
    close: { open: 'closed', in_review: 'closed', waiting: 'closed', escalated: 'closed' },
    confirm_close: { awaiting_closure: 'closed' },
    return: { awaiting_closure: 'in_review' },
    reopen: { closed: 'open' },
  }
  for (const move of MOVES) {
    for (const state of CASE_STATES) {
      const to = allowed[move][state]
      it(`${to ? 'allows' : 'refuses'} ${move} from ${state}`, () => {
        const result = checkMove(state, move)
        if (to) expect(result).toEqual({ ok: true, to })
        else {
          expect(result.ok).toBe(false)
          if (!result.ok) expect(result.why).toMatch(/cannot be moved/)
        }
      })
    }
  }

  it('says which states a refused move is allowed from', () => {
    const result = checkMove('closed', 'escalate')
    expect(result).toEqual({
      ok: false,
      why: 'A case that is closed cannot be moved by "Escalate"; that is allowed only from: Open, In review, Waiting on customer.',
    })
  })
})

describe('ownership', () => {
  const ana = { id: 'https://idp ana', lead: false }
  const lea = { id: 'https://idp lea', lead: true }
  const owned = { state: 'in_review' as const, ownerId: ana.id, ownerLabel: 'ana@verity.test' }
  const free = { state: 'open' as const, ownerId: null, ownerLabel: null }
  const ben = { id: 'https://idp ben', lead: false }

  it('lets anyone claim a free case, and tells a second claimer who has it', () => {
    expect(checkClaim(ben, free)).toEqual({ ok: true })
    expect(checkClaim(ben, owned)).toEqual({
      ok: false,
      why: 'ana@verity.test has already claimed this case.',
    })
    expect(checkClaim(ben, { ...free, state: 'closed' }).ok).toBe(false)
    expect(checkClaim(ana, owned)).toEqual({
      ok: false,
      why: 'You have already claimed this case.',
    })
  })

  it('lets the owner or a lead release, nobody else', () => {
    expect(checkRelease(ana, owned).ok).toBe(true)
    expect(checkRelease(lea, owned).ok).toBe(true)
    expect(checkRelease(ben, owned).ok).toBe(false)
    expect(checkRelease(ana, free).ok).toBe(false)
    expect(checkRelease(ana, { ...owned, state: 'closed' }).ok).toBe(false)
  })

  it('lets only leads assign, and not a closed case', () => {
    expect(checkAssign(lea, owned)).toEqual({ ok: true })
    expect(checkAssign(ana, owned)).toEqual({
      ok: false,
      why: 'Only a lead may assign or reassign a case.',
    })
    expect(checkAssign(lea, { ...owned, state: 'closed' }).ok).toBe(false)
  })

  it("keeps another analyst's case from being moved; a lead or a free case is fine", () => {
    expect(mayMove(ben, owned)).toEqual({
      ok: false,
      why: 'This case belongs to ana@verity.test.',
    })
    expect(mayMove(ana, owned).ok).toBe(true)
    expect(mayMove(lea, owned).ok).toBe(true)
    expect(mayMove(ben, free).ok).toBe(true)
  })
})

describe('due dates and snooze', () => {
  it('says how long until due, or how late', () => {
    expect(dueText(new Date(now.getTime() + 5 * H), now)).toBe('due in 5 h')
    expect(dueText(new Date(now.getTime() + 30 * 60_000), now)).toBe('due in 30 min')
    expect(dueText(new Date(now.getTime() + 80 * H), now)).toBe('due in 3 days')
    expect(dueText(new Date(now.getTime() - 3 * 24 * H - H), now)).toBe('3 days late')
    expect(dueText(new Date(now.getTime() - 2 * H), now)).toBe('2 h late')
    expect(dueText(now, now)).toBe('due now')
  })

  it('keeps a snoozed case out of the active views until the snooze ends', () => {
    const until = new Date(now.getTime() + 2 * H)
    expect(isActive({ state: 'waiting', snoozedUntil: until }, now)).toBe(false)
    expect(isActive({ state: 'waiting', snoozedUntil: until }, new Date(until.getTime() + 1))).toBe(
      true,
    )
    expect(isActive({ state: 'closed', snoozedUntil: null }, now)).toBe(false)
    expect(isActive({ state: 'escalated', snoozedUntil: null }, now)).toBe(true)
  })

  it('refuses a snooze that ends in the past or more than a year away', () => {
    expect(checkSnooze(new Date(now.getTime() + H), now)).toEqual({ ok: true })
    expect(checkSnooze(new Date(now.getTime() - H), now).ok).toBe(false)
    expect(checkSnooze(new Date(now.getTime() + 400 * 24 * H), now).ok).toBe(false)
  })
})

describe('closing against the four-eyes rule', () => {
  const matches = ['aaaaaaaa-1', 'bbbbbbbb-2', 'cccccccc-3']
  const verdicts = (entries: [string, MatchVerdict][]) => new Map(entries)
  const fp = { decision: 'false_positive', final: true }

  it('closes a screening as false positive only when every match is a standing false positive', () => {
    const all = verdicts(matches.map((uuid) => [uuid, fp]))
    expect(checkClose('screening', 'false_positive', matches, all)).toEqual({ ok: true })
  })

  it('names the matches without a decision and those awaiting a second analyst', () => {
    const some = verdicts([
      ['aaaaaaaa-1', fp],
      ['bbbbbbbb-2', { decision: 'true_match', final: false }],
    ])
    expect(checkClose('screening', 'false_positive', matches, some)).toEqual({
      ok: false,
      why: 'Cannot close as false positive: no decision on cccccccc; awaiting a second analyst on bbbbbbbb.',
    })
  })

  it('refuses false positive when a match stands as a true match, and true match without one', () => {
    const one = verdicts([
      ['aaaaaaaa-1', fp],
      ['bbbbbbbb-2', { decision: 'true_match', final: true }],
      ['cccccccc-3', fp],
    ])
    expect(checkClose('screening', 'false_positive', matches, one)).toEqual({
      ok: false,
      why: 'Cannot close as false positive: true match decided on bbbbbbbb.',
    })
    expect(checkClose('screening', 'true_match', matches, one)).toEqual({ ok: true })
    const none = verdicts(matches.map((uuid) => [uuid, fp]))
    expect(checkClose('screening', 'true_match', matches, none).ok).toBe(false)
  })

  it('needs no decision for no action needed, nor for a verification case', () => {
    expect(checkClose('screening', 'no_action_needed', matches, new Map())).toEqual({ ok: true })
    expect(checkClose('failed_verification', 'false_positive', [], new Map())).toEqual({
      ok: true,
    })
  })
})

describe('CASE_SLA_HOURS and AUTH_LEAD_GROUPS', () => {
  const valid = { DS_API_BASE_URL: 'https://api.dataspike.io', DS_API_KEY: 'key-123' }

  it('defaults to 24 h for High, 72 h for Medium and 48 h for a failed verification', () => {
    expect(parseEnv(valid).CASE_SLA_HOURS).toEqual({
      High: 24,
      Medium: 72,
      failed_verification: 48,
    })
  })

  it('reads the hours given and keeps the defaults of the kinds left out', () => {
    const env = parseEnv({
      ...valid,
      CASE_SLA_HOURS: 'High=4, Medium=100',
      AUTH_LEAD_GROUPS: 'leads, qa',
    })
    expect(env.CASE_SLA_HOURS).toEqual({ High: 4, Medium: 100, failed_verification: 48 })
    expect(env.AUTH_LEAD_GROUPS).toEqual(['leads', 'qa'])
  })

  it.each(['High=0', 'Low=5', 'High=1.5', 'High'])('refuses %s, naming the variable', (value) => {
    expect(errorOf({ ...valid, CASE_SLA_HOURS: value })).toMatch(/CASE_SLA_HOURS must be like/)
  })
})
