import { describe, expect, it } from 'vitest'

import {
  allowedActions,
  OWN_DECISION_WHY,
  reviewState,
  type DecisionEntry,
} from '@/lib/review/decision-rules'

let nextId = 1
function entry(
  user: string,
  decision: DecisionEntry['decision'],
  action: DecisionEntry['action'] = 'set',
  carriedFinal: boolean | null = null,
): DecisionEntry {
  return {
    id: nextId++,
    searchId: 'a4dac0fc-495b-4a1b-8712-4f1a0231260e',
    matchUuid: 'm1',
    applicantId: null,
    decision,
    action,
    reason: 'a reason long enough',
    user,
    at: '2026-01-01T00:00:00.000Z',
    carriedFrom: action === 'carry_over' ? 99 : null,
    carriedFinal,
  }
}

describe('reviewState', () => {
  it('is unreviewed without history, and follows the newest entry', () => {
    expect(reviewState([])).toEqual({ status: 'unreviewed' })
    const set = entry('ana', 'true_match')
    expect(reviewState([set])).toEqual({ status: 'awaiting_second', entry: set })
    const confirm = entry('ben', 'true_match', 'confirm')
    expect(reviewState([set, confirm])).toEqual({ status: 'decided', entry: confirm })
  })

  it('settles a false positive at once, and holds a second review for another analyst', () => {
    expect(reviewState([entry('ana', 'false_positive')]).status).toBe('decided')
    expect(reviewState([entry('ana', 'second_review')]).status).toBe('awaiting_second')
  })

  it('settles an overturn, whatever it overturns to', () => {
    const history = [entry('ana', 'true_match'), entry('ben', 'second_review', 'overturn')]
    expect(reviewState(history).status).toBe('decided')
  })

  it('re-opens a decided match when a new decision is set', () => {
    const history = [entry('ana', 'false_positive'), entry('ben', 'true_match')]
    expect(reviewState(history)).toMatchObject({
      status: 'awaiting_second',
      entry: { user: 'ben' },
    })
  })

  it('keeps a carried-over decision final only when the decision it carried was', () => {
    expect(reviewState([entry('ana', 'true_match', 'carry_over', true)]).status).toBe('decided')
    expect(reviewState([entry('ana', 'true_match', 'carry_over', false)]).status).toBe(
      'awaiting_second',
    )
  })
})

describe('allowedActions (four eyes)', () => {
  it('lets anyone set a decision on an unreviewed match, and nothing else', () => {
    expect(allowedActions({ status: 'unreviewed' }, 'ana')).toEqual({
      set: true,
      confirm: false,
      overturn: false,
    })
  })

  it('lets the analyst who set a true match do nothing on it, and says why', () => {
    const state = reviewState([entry('ana', 'true_match')])
    expect(allowedActions(state, 'ana')).toEqual({
      set: false,
      confirm: false,
      overturn: false,
      why: OWN_DECISION_WHY,
    })
  })

  it('lets another analyst confirm or overturn a true match, but not set over it', () => {
    const state = reviewState([entry('ana', 'true_match')])
    expect(allowedActions(state, 'ben')).toEqual({ set: false, confirm: true, overturn: true })
  })

  it('lets another analyst overturn a second review, never confirm it', () => {
    const state = reviewState([entry('ana', 'second_review')])
    expect(allowedActions(state, 'ben')).toEqual({ set: false, confirm: false, overturn: true })
    expect(allowedActions(state, 'ana').why).toBe(OWN_DECISION_WHY)
  })

  it('lets anyone re-open a decided match, its author too', () => {
    const state = reviewState([entry('ana', 'true_match'), entry('ben', 'true_match', 'confirm')])
    for (const user of ['ana', 'ben', 'cleo']) {
      expect(allowedActions(state, user)).toEqual({ set: true, confirm: false, overturn: false })
    }
  })

  it('holds a carried-over awaiting decision for someone other than who carried it', () => {
    const state = reviewState([entry('ana', 'true_match', 'carry_over', false)])
    expect(allowedActions(state, 'ana').why).toBe(OWN_DECISION_WHY)
    expect(allowedActions(state, 'ben').confirm).toBe(true)
  })
})
