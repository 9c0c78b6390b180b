import { describe, expect, it } from 'vitest'

import { analystId, beforeIssuerId } from '@/lib/auth/viewer'
import {
  allowedActions,
  OWN_DECISION_WHY,
  reviewState,
  settlesAlone,
  type Decision,
  type DecisionAction,
  type DecisionEntry,
  type MatchReviewState,
  type ReviewViewer,
} from '@/lib/review/decision-rules'

const ISSUER = 'https://idp.test'

/** An analyst of the test provider: `sub` is who they are, `label` how they are named. */
function analyst(sub: string, label = `${sub}@corp.com`): ReviewViewer {
  return { analystId: analystId({ iss: ISSUER, sub }), label }
}
const ana = analyst('ana')
const ben = analyst('ben')
const cleo = analyst('cleo')

let nextId = 1
/** The next entry of `history` as the server would write it (settles decided by the rules). */
function next(
  history: DecisionEntry[],
  by: ReviewViewer,
  decision: Decision,
  action: DecisionAction = 'set',
  carriedSettled: boolean | null = null,
): DecisionEntry[] {
  const entry: DecisionEntry = {
    id: nextId++,
    searchId: 'a4dac0fc-495b-4a1b-8712-4f1a0231260e',
    matchUuid: 'm1',
    applicantId: null,
    decision,
    action,
    reason: 'a reason long enough',
    user: by.label,
    analystId: by.analystId,
    at: '2026-01-01T00:00:00.000Z',
    carriedFrom: action === 'carry_over' ? 99 : null,
    settles: settlesAlone(reviewState(history), decision, action, carriedSettled),
  }
  return [...history, entry]
}

function stateOf(history: DecisionEntry[]): MatchReviewState {
  return reviewState(history)
}

describe('reviewState', () => {
  it('is unreviewed without history, and follows the newest entry', () => {
    expect(reviewState([])).toEqual({ status: 'unreviewed' })
    const set = next([], ana, 'true_match')
    expect(reviewState(set)).toEqual({ status: 'awaiting_second', entry: set[0] })
    const confirmed = next(set, ben, 'true_match', 'confirm')
    expect(reviewState(confirmed)).toEqual({ status: 'decided', entry: confirmed[1] })
  })

  it('settles a false positive at once on an unreviewed match, and holds a second review for another analyst', () => {
    expect(stateOf(next([], ana, 'false_positive')).status).toBe('decided')
    expect(stateOf(next([], ana, 'second_review')).status).toBe('awaiting_second')
  })

  it('settles an overturn, whatever it overturns to', () => {
    const history = next(next([], ana, 'true_match'), ben, 'second_review', 'overturn')
    expect(stateOf(history).status).toBe('decided')
  })

  it('re-opens a decided false positive when a true match is set', () => {
    const history = next(next([], ana, 'false_positive'), ben, 'true_match')
    expect(stateOf(history)).toMatchObject({
      status: 'awaiting_second',
      entry: { analystId: ben.analystId },
    })
  })

  it('keeps a carried-over decision final only when the decision it carried was', () => {
    expect(stateOf(next([], ana, 'true_match', 'carry_over', true)).status).toBe('decided')
    expect(stateOf(next([], ana, 'true_match', 'carry_over', false)).status).toBe('awaiting_second')
  })
})

describe('a change away from a standing decision (four eyes)', () => {
  const confirmedTrueMatch = next(next([], ana, 'true_match'), ben, 'true_match', 'confirm')

  it('holds a false positive set over a confirmed true match for a second analyst, even its first author', () => {
    const changed = next(confirmedTrueMatch, ana, 'false_positive')
    expect(stateOf(changed)).toMatchObject({
      status: 'awaiting_second',
      entry: { decision: 'false_positive', analystId: ana.analystId },
    })
    expect(allowedActions(stateOf(changed), ana)).toEqual({
      set: false,
      confirm: false,
      overturn: false,
      why: OWN_DECISION_WHY,
    })
  })

  it('lets another analyst confirm the change, which then stands', () => {
    const changed = next(confirmedTrueMatch, ana, 'false_positive')
    expect(allowedActions(stateOf(changed), ben)).toEqual({
      set: false,
      confirm: true,
      overturn: true,
    })
    const confirmed = next(changed, ben, 'false_positive', 'confirm')
    expect(stateOf(confirmed)).toMatchObject({
      status: 'decided',
      entry: { decision: 'false_positive' },
    })
  })

  it('lets another analyst overturn the change back to a true match', () => {
    const changed = next(confirmedTrueMatch, ana, 'false_positive')
    const restored = next(changed, cleo, 'true_match', 'overturn')
    expect(stateOf(restored)).toMatchObject({
      status: 'decided',
      entry: { decision: 'true_match' },
    })
  })

  it('holds a false positive set over a standing second review, and over an overturn to a true match', () => {
    const standingReview = next(next([], ana, 'true_match'), ben, 'second_review', 'overturn')
    expect(stateOf(next(standingReview, ana, 'false_positive')).status).toBe('awaiting_second')
    const overturnedToTrue = next(next([], ana, 'false_positive'), ben, 'true_match')
    const decidedTrue = next(overturnedToTrue, cleo, 'true_match', 'confirm')
    expect(stateOf(next(decidedTrue, ben, 'false_positive')).status).toBe('awaiting_second')
  })

  it('holds a false positive set over a carried-over true match that was final', () => {
    const carried = next([], ana, 'true_match', 'carry_over', true)
    expect(stateOf(next(carried, ben, 'false_positive')).status).toBe('awaiting_second')
  })

  it('still settles a false positive set over a standing false positive', () => {
    const standing = next([], ana, 'false_positive')
    expect(stateOf(next(standing, ben, 'false_positive')).status).toBe('decided')
  })

  it('holds a second review or true match set over a standing true match, as before', () => {
    expect(stateOf(next(confirmedTrueMatch, ana, 'second_review')).status).toBe('awaiting_second')
    expect(stateOf(next(confirmedTrueMatch, ana, 'true_match')).status).toBe('awaiting_second')
  })
})

describe('allowedActions (four eyes)', () => {
  it('lets anyone set a decision on an unreviewed match, and nothing else', () => {
    expect(allowedActions({ status: 'unreviewed' }, ana)).toEqual({
      set: true,
      confirm: false,
      overturn: false,
    })
  })

  it('lets the analyst who set a true match do nothing on it, and says why', () => {
    const state = stateOf(next([], ana, 'true_match'))
    expect(allowedActions(state, ana)).toEqual({
      set: false,
      confirm: false,
      overturn: false,
      why: OWN_DECISION_WHY,
    })
  })

  it('lets another analyst confirm or overturn a true match, but not set over it', () => {
    const state = stateOf(next([], ana, 'true_match'))
    expect(allowedActions(state, ben)).toEqual({ set: false, confirm: true, overturn: true })
  })

  it('lets another analyst overturn a second review, never confirm it', () => {
    const state = stateOf(next([], ana, 'second_review'))
    expect(allowedActions(state, ben)).toEqual({ set: false, confirm: false, overturn: true })
    expect(allowedActions(state, ana).why).toBe(OWN_DECISION_WHY)
  })

  it('lets anyone re-open a decided match, its author too', () => {
    const state = stateOf(next(next([], ana, 'true_match'), ben, 'true_match', 'confirm'))
    for (const viewer of [ana, ben, cleo]) {
      expect(allowedActions(state, viewer)).toEqual({ set: true, confirm: false, overturn: false })
    }
  })

  it('holds a carried-over awaiting decision for someone other than who carried it', () => {
    const state = stateOf(next([], ana, 'true_match', 'carry_over', false))
    expect(allowedActions(state, ana).why).toBe(OWN_DECISION_WHY)
    expect(allowedActions(state, ben).confirm).toBe(true)
  })
})

describe('who an analyst is', () => {
  it('is one analyst under two labels of one subject: they cannot confirm their own true match', () => {
    const state = stateOf(next([], analyst('alice', 'Alice@Corp.com'), 'true_match'))
    expect(allowedActions(state, analyst('alice', 'alice@corp.com'))).toMatchObject({
      confirm: false,
      why: OWN_DECISION_WHY,
    })
    expect(allowedActions(state, analyst('alice', 'Alice Renamed')).confirm).toBe(false)
  })

  it('is two analysts under one label of two subjects: the second may confirm', () => {
    const state = stateOf(next([], analyst('alice-1', 'alice@corp.com'), 'true_match'))
    expect(allowedActions(state, analyst('alice-2', 'alice@corp.com'))).toEqual({
      set: false,
      confirm: true,
      overturn: true,
    })
  })

  it('holds an entry recorded before identities for whoever has its label now, as then', () => {
    const before: ReviewViewer = {
      analystId: beforeIssuerId('ana@corp.com'),
      label: 'ana@corp.com',
    }
    const state = stateOf(next([], before, 'true_match'))
    expect(allowedActions(state, ana).why).toBe(OWN_DECISION_WHY)
    expect(allowedActions(state, ben).confirm).toBe(true)
  })
})
