import { describe, expect, it } from 'vitest'

import {
  availableActions,
  checkAction,
  checkEdit,
  maySee,
  mayStart,
  type ReportRef,
} from '@/lib/fiu-reports/rules'

/* Who may see, start, change and move a report to the FIU (issue #56 items 2, 5 and 7). */

const drafter = { id: 'iss lead-1', lead: true }
const secondLead = { id: 'iss lead-2', lead: true }
const analyst = { id: 'iss analyst', lead: false }
const owner = { id: 'iss owner', lead: false }

const at = (state: ReportRef['state'], drafterId = drafter.id): ReportRef => ({ state, drafterId })

describe('who knows a report exists', () => {
  it('is leads and its drafter, nobody else', () => {
    expect(maySee(drafter, at('draft'))).toBe(true)
    expect(maySee(secondLead, at('draft'))).toBe(true)
    expect(maySee(analyst, at('draft'))).toBe(false)
    expect(maySee(owner, at('draft', owner.id))).toBe(true)
  })

  it("lets a lead or the case's owner start one", () => {
    expect(mayStart(secondLead, null)).toBe(true)
    expect(mayStart(owner, owner.id)).toBe(true)
    expect(mayStart(analyst, owner.id)).toBe(false)
    expect(mayStart(analyst, null)).toBe(false)
  })
})

describe('the state machine', () => {
  it('runs draft → awaiting approval → approved → filed → acknowledged or rejected', () => {
    expect(checkAction(drafter, at('draft'), 'submit', false)).toEqual({
      ok: true,
      to: 'awaiting_approval',
    })
    expect(checkAction(secondLead, at('awaiting_approval'), 'approve', false)).toEqual({
      ok: true,
      to: 'approved',
    })
    expect(checkAction(secondLead, at('awaiting_approval'), 'return', false)).toEqual({
      ok: true,
      to: 'draft',
    })
    expect(checkAction(drafter, at('approved'), 'file', false)).toEqual({ ok: true, to: 'filed' })
    expect(checkAction(drafter, at('filed'), 'acknowledge', false)).toEqual({
      ok: true,
      to: 'acknowledged',
    })
    expect(checkAction(drafter, at('filed'), 'reject', false)).toEqual({ ok: true, to: 'rejected' })
  })

  it('refuses a move from the wrong state with 409', () => {
    expect(checkAction(secondLead, at('draft'), 'approve', false)).toMatchObject({
      ok: false,
      status: 409,
    })
    expect(checkAction(drafter, at('awaiting_approval'), 'file', false)).toMatchObject({
      ok: false,
      status: 409,
    })
    expect(checkAction(drafter, at('rejected'), 'submit', false)).toMatchObject({
      ok: false,
      status: 409,
    })
  })

  it('refuses to submit or approve a report with errors', () => {
    expect(checkAction(drafter, at('draft'), 'submit', true)).toMatchObject({
      ok: false,
      status: 409,
    })
    expect(checkAction(secondLead, at('awaiting_approval'), 'approve', true)).toMatchObject({
      ok: false,
      status: 409,
    })
  })
})

describe('four eyes', () => {
  it('never lets the drafter approve or send back their own report, even a lead', () => {
    const refused = checkAction(drafter, at('awaiting_approval'), 'approve', false)
    expect(refused).toEqual({
      ok: false,
      status: 403,
      why: 'A second person approves a report: its drafter cannot approve or send back their own.',
    })
    expect(checkAction(drafter, at('awaiting_approval'), 'return', false)).toMatchObject({
      ok: false,
      status: 403,
    })
    expect(availableActions(drafter, at('awaiting_approval'))).toEqual([])
    expect(availableActions(secondLead, at('awaiting_approval'))).toEqual(['approve', 'return'])
  })

  it("lets only a lead approve, and only a lead record the FIU's answers", () => {
    expect(checkAction(owner, at('awaiting_approval'), 'approve', false)).toMatchObject({
      ok: false,
      status: 403,
    })
    expect(checkAction(owner, at('approved', owner.id), 'file', false)).toMatchObject({
      ok: false,
      status: 403,
    })
    expect(checkAction(owner, at('draft', owner.id), 'submit', false)).toEqual({
      ok: true,
      to: 'awaiting_approval',
    })
  })

  it('freezes an approved report: a change is 409', () => {
    expect(checkEdit(drafter, at('approved'))).toMatchObject({ ok: false, status: 409 })
    expect(checkEdit(drafter, at('awaiting_approval'))).toMatchObject({ ok: false, status: 409 })
    expect(checkEdit(drafter, at('draft'))).toEqual({ ok: true, to: 'draft' })
    expect(checkEdit(analyst, at('draft', owner.id))).toMatchObject({ ok: false, status: 403 })
  })
})
