import { createHash, randomUUID } from 'node:crypto'

import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import type { Viewer } from '@/lib/auth/viewer'
import { stubEnv } from '@/tests/unit/helpers/env'
import { sendJson, startFakeUpstream, type FakeUpstream } from '@/tests/unit/helpers/fake-upstream'
import { withAppStore } from '@/tests/unit/helpers/test-store'
import { viewerOf } from '@/tests/unit/helpers/auth-settings'

/*
 * Decisions and notes in a real (embedded) store, behind the four-eyes rules, with the upstream
 * faked: every report has the same three matches, and verifications link to reports as set here.
 */

const signedIn = vi.hoisted(() => ({ viewer: null as Viewer | null }))
vi.mock('@/lib/auth/session', async () =>
  (await import('@/tests/unit/helpers/session-mock')).sessionMock(signedIn),
)

const ana = viewerOf('ana')
const ben = viewerOf('ben')

const MATCHES = ['m-one', 'm-two', 'm-three']
const verifications = new Map<string, { aml_search_id: string; applicant_id: string }>()

withAppStore()

let fake: FakeUpstream
let review: Awaited<ReturnType<typeof loadModules>>['review']
let notes: Awaited<ReturnType<typeof loadModules>>['notes']
let store: Awaited<ReturnType<typeof loadModules>>['store']

/** Imported after the environment names the fake upstream (lib/env reads it once). */
async function loadModules() {
  return {
    review: {
      ...(await import('@/lib/review/decisions')),
      ...(await import('@/lib/review/record-decision')),
    },
    notes: await import('@/lib/notes/notes'),
    store: await import('@/lib/store/store'),
  }
}

beforeAll(async () => {
  fake = await startFakeUpstream()
  fake.handle((request, response) => {
    const url = request.url ?? ''
    const search = /\/aml\/search\/history\/([^/?]+)/.exec(url)?.[1]
    if (search) {
      return sendJson(response, 200, {
        search_uuid: search,
        requested_name: 'JOHN DOE',
        data: MATCHES.map((uuid) => ({ uuid, type: 'Person' })),
      })
    }
    const shortId = /\/verifications\/short\/([^/?]+)/.exec(url)?.[1] ?? ''
    const linked = verifications.get(shortId)
    if (!linked) return sendJson(response, 404, { error: 'not found' })
    sendJson(response, 200, { id: randomUUID(), verification_url_id: shortId, ...linked })
  })
  stubEnv({ DS_API_BASE_URL: fake.url, DS_API_KEY: 'k' })
  ;({ review, notes, store } = await loadModules())
})

afterAll(async () => {
  vi.unstubAllEnvs()
  await fake.close()
})

beforeEach(() => {
  signedIn.viewer = ana
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  return () => stdout.mockRestore()
})

function as(viewer: Viewer) {
  signedIn.viewer = viewer
}

const REASON = 'Date of birth and nationality agree with the document.'

function decide(
  searchId: string,
  action: 'set' | 'confirm' | 'overturn' | 'carry_over',
  decision: 'true_match' | 'false_positive' | 'second_review',
  more: { matchUuid?: string; reason?: string; subject?: string; carriedFrom?: number } = {},
) {
  return review.recordDecision({
    searchId,
    matchUuid: more.matchUuid ?? 'm-one',
    subject: more.subject ? { kind: 'verification', shortId: more.subject } : null,
    decision,
    action,
    reason: more.reason ?? REASON,
    carriedFrom: more.carriedFrom,
  })
}

async function rows(searchId: string) {
  const { db } = await store.getStore()
  return db.selectFrom('match_decisions').selectAll().where('search_id', '=', searchId).execute()
}

async function auditRows(action: string, resourceId: string) {
  const { db } = await store.getStore()
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where('action', '=', action)
    .where('resource_id', '=', resourceId)
    .orderBy('id')
    .execute()
}

describe('four eyes on the server', () => {
  it('holds a true match until another analyst confirms it; its author cannot', async () => {
    const searchId = randomUUID()
    const set = await decide(searchId, 'set', 'true_match')
    expect(set).toMatchObject({ user: 'ana@verity.test', action: 'set', decision: 'true_match' })

    await expect(decide(searchId, 'confirm', 'true_match')).rejects.toMatchObject({
      status: 409,
      detail: 'Awaiting a second analyst: you set this decision',
    })
    expect(await rows(searchId)).toHaveLength(1)

    as(ben)
    await decide(searchId, 'confirm', 'true_match', { reason: 'Same photo, same date of birth.' })
    const { matches, counts, viewer } = await review.decisionsForSearch(searchId, null)
    expect(viewer).toEqual({ analystId: 'https://idp.test ben', label: 'ben@verity.test' })
    expect(matches['m-one']?.state).toMatchObject({
      status: 'decided',
      entry: { user: 'ben@verity.test', action: 'confirm' },
    })
    expect(matches['m-one']?.history.map((item) => item.user)).toEqual([
      'ana@verity.test',
      'ben@verity.test',
    ])
    expect(counts).toEqual({ reviewed: 1, awaitingSecond: 0 })
  })

  it('lets another analyst overturn a second review, with another decision only', async () => {
    const searchId = randomUUID()
    await decide(searchId, 'set', 'second_review')
    as(ben)
    await expect(decide(searchId, 'confirm', 'second_review')).rejects.toMatchObject({
      status: 409,
    })
    await expect(decide(searchId, 'overturn', 'second_review')).rejects.toMatchObject({
      status: 400,
    })
    await expect(decide(searchId, 'set', 'false_positive')).rejects.toMatchObject({ status: 409 })
    await decide(searchId, 'overturn', 'false_positive')
    const { matches } = await review.decisionsForSearch(searchId, null)
    expect(matches['m-one']?.state).toMatchObject({
      status: 'decided',
      entry: { decision: 'false_positive', action: 'overturn' },
    })
  })

  it('re-opens a decided match with a new row, keeping the history', async () => {
    const searchId = randomUUID()
    await decide(searchId, 'set', 'false_positive')
    as(ben)
    await decide(searchId, 'set', 'true_match')
    const { matches, counts } = await review.decisionsForSearch(searchId, null)
    expect(matches['m-one']?.history.map((item) => item.decision)).toEqual([
      'false_positive',
      'true_match',
    ])
    expect(matches['m-one']?.state.status).toBe('awaiting_second')
    expect(counts).toEqual({ reviewed: 1, awaitingSecond: 1 })
  })

  it('refuses a short reason and a match the report does not have, writing nothing', async () => {
    const searchId = randomUUID()
    await expect(
      decide(searchId, 'set', 'false_positive', { reason: '  too short ' }),
    ).rejects.toMatchObject({ status: 400 })
    await expect(
      decide(searchId, 'set', 'false_positive', { matchUuid: 'not-in-the-report' }),
    ).rejects.toMatchObject({ status: 400, type: 'unknown_match' })
    expect(await rows(searchId)).toHaveLength(0)
    expect(await auditRows('decide', searchId)).toHaveLength(0)
  })

  it('refuses without a signed-in analyst', async () => {
    signedIn.viewer = null
    await expect(decide(randomUUID(), 'set', 'false_positive')).rejects.toMatchObject({
      name: 'AuthRequiredError',
    })
  })
})

describe('the record of decisions', () => {
  it('writes the audit line of a decision: who, which report and match, the decision and the digest of its reason, never the reason', async () => {
    const searchId = randomUUID()
    const printed: string[] = []
    vi.spyOn(process.stdout, 'write').mockImplementation((text) => {
      printed.push(String(text))
      return true
    })
    await decide(searchId, 'set', 'false_positive', { matchUuid: 'm-two' })
    const [line] = await auditRows('decide', searchId)
    const digest = createHash('sha256').update(REASON).digest('hex')
    expect(line).toMatchObject({
      user_label: 'ana@verity.test',
      analyst_id: 'https://idp.test ana',
      resource_type: 'aml_search',
      field: 'm-two',
      outcome: 'ok',
      reason: `false_positive (set) reason sha256:${digest}`,
    })
    expect(printed.join('')).toContain(digest)
    expect(printed.join('')).not.toContain(REASON)
    // The reason itself is kept with the decision, for whoever reads the match's history.
    expect((await rows(searchId))[0]?.reason).toBe(REASON)
  })

  it('audits a refused decision as refused and stores no row for it', async () => {
    const searchId = randomUUID()
    await decide(searchId, 'set', 'true_match')
    await expect(decide(searchId, 'confirm', 'true_match')).rejects.toMatchObject({ status: 409 })
    expect(await rows(searchId)).toHaveLength(1)
    expect((await auditRows('decide', searchId)).map((line) => line.outcome)).toEqual([
      'ok',
      'refused',
    ])
  })

  it('refuses to change or remove a stored decision or note', async () => {
    const searchId = randomUUID()
    await decide(searchId, 'set', 'false_positive')
    await notes.addNote({ type: 'aml_search', id: searchId }, 'Checked with the client.')
    const { db } = await store.getStore()
    await expect(
      sql`update match_decisions set decision = 'true_match' where search_id = ${searchId}`.execute(
        db,
      ),
    ).rejects.toThrow('match_decisions is append-only')
    await expect(
      sql`delete from match_decisions where search_id = ${searchId}`.execute(db),
    ).rejects.toThrow('append-only')
    await expect(sql`update notes set body = 'changed'`.execute(db)).rejects.toThrow(
      'notes is append-only',
    )
    await expect(sql`truncate notes`.execute(db)).rejects.toThrow('append-only')
    expect((await rows(searchId))[0]?.decision).toBe('false_positive')
  })
})

describe('remembered decisions', () => {
  it('shows an applicant’s decision in their next screening, and carries it over on request', async () => {
    const applicant = randomUUID()
    const [first, second] = [randomUUID(), randomUUID()]
    verifications.set('VFIRST01', { aml_search_id: first, applicant_id: applicant })
    verifications.set('VSECOND1', { aml_search_id: second, applicant_id: applicant })

    const earlier = await decide(first, 'set', 'false_positive', { subject: 'VFIRST01' })
    expect(earlier.applicantId).toBe(applicant)

    const before = await review.decisionsForSearch(second, {
      kind: 'verification',
      shortId: 'VSECOND1',
    })
    expect(before.applicantId).toBe(applicant)
    expect(before.remembered['m-one']).toMatchObject({ id: earlier.id, searchId: first })
    expect(before.matches).toEqual({})
    // Without a subject, the applicant is unknown: nothing is remembered.
    expect((await review.decisionsForSearch(second, null)).remembered).toEqual({})

    as(ben)
    const carried = await decide(second, 'carry_over', 'false_positive', {
      subject: 'VSECOND1',
      reason: '',
      carriedFrom: earlier.id,
    })
    expect(carried).toMatchObject({ carriedFrom: earlier.id, settles: true })
    expect(carried.reason).toContain(`Carried over from AML report ${first}`)
    expect(carried.reason).toContain('ana@verity.test')
    expect(carried.reason).toContain(REASON)
    const after = await review.decisionsForSearch(second, {
      kind: 'verification',
      shortId: 'VSECOND1',
    })
    expect(after.matches['m-one']?.state).toMatchObject({ status: 'decided' })
  })

  it('carries an unconfirmed true match over as awaiting a second analyst', async () => {
    const applicant = randomUUID()
    const [first, second] = [randomUUID(), randomUUID()]
    verifications.set('VAWAIT01', { aml_search_id: first, applicant_id: applicant })
    verifications.set('VAWAIT02', { aml_search_id: second, applicant_id: applicant })
    const earlier = await decide(first, 'set', 'true_match', { subject: 'VAWAIT01' })
    as(ben)
    await decide(second, 'carry_over', 'true_match', {
      subject: 'VAWAIT02',
      carriedFrom: earlier.id,
    })
    const { matches, counts } = await review.decisionsForSearch(second, null)
    expect(matches['m-one']?.state.status).toBe('awaiting_second')
    expect(counts).toEqual({ reviewed: 1, awaitingSecond: 1 })
  })

  it('refuses a subject that does not point at the report, and a carry-over from another applicant', async () => {
    const [report, elsewhere] = [randomUUID(), randomUUID()]
    verifications.set('VOTHER01', { aml_search_id: elsewhere, applicant_id: randomUUID() })
    verifications.set('VHERE001', { aml_search_id: report, applicant_id: randomUUID() })
    await expect(
      decide(report, 'set', 'false_positive', { subject: 'VOTHER01' }),
    ).rejects.toMatchObject({ status: 400, type: 'subject_not_linked' })
    await expect(
      decide(report, 'set', 'false_positive', { subject: 'VMISSING' }),
    ).rejects.toMatchObject({ status: 400, type: 'subject_not_found' })
    const stranger = await decide(elsewhere, 'set', 'false_positive', { subject: 'VOTHER01' })
    await expect(
      decide(report, 'carry_over', 'false_positive', {
        subject: 'VHERE001',
        carriedFrom: stranger.id,
      }),
    ).rejects.toMatchObject({ status: 400 })
    expect(await rows(report)).toHaveLength(0)
  })
})

describe('reviewCounts', () => {
  it('counts reviewed and awaiting matches of several reports at once', async () => {
    const [a, b, none] = [randomUUID(), randomUUID(), randomUUID()]
    await decide(a, 'set', 'false_positive', { matchUuid: 'm-one' })
    await decide(a, 'set', 'true_match', { matchUuid: 'm-two' })
    await decide(a, 'set', 'second_review', { matchUuid: 'm-three' })
    as(ben)
    await decide(a, 'confirm', 'true_match', { matchUuid: 'm-two' })
    await decide(b, 'set', 'true_match')
    // Any spelling of a report id finds its decisions.
    const counts = await review.reviewCounts([a.toUpperCase(), b, none])
    expect(counts.get(a.toUpperCase())).toEqual({ reviewed: 3, awaitingSecond: 1 })
    expect(counts.get(b)).toEqual({ reviewed: 1, awaitingSecond: 1 })
    expect(counts.get(none)).toEqual({ reviewed: 0, awaitingSecond: 0 })
  })
})

describe('notes', () => {
  it('adds plain-text notes, newest first with their author, each audited', async () => {
    const resource = { type: 'verification', id: 'VNOTES01' } as const
    verifications.set('VNOTES01', { aml_search_id: randomUUID(), applicant_id: randomUUID() })
    await notes.addNote(resource, '  First look: documents in order.  ')
    as(ben)
    await notes.addNote(resource, '<b>not html</b>\nsecond line')
    const listed = await notes.notesFor(resource)
    expect(listed.map(({ body, user }) => ({ body, user }))).toEqual([
      { body: '<b>not html</b>\nsecond line', user: 'ben@verity.test' },
      { body: 'First look: documents in order.', user: 'ana@verity.test' },
    ])
    const lines = await auditRows('note', 'VNOTES01')
    expect(lines.map((line) => line.user_label)).toEqual(['ana@verity.test', 'ben@verity.test'])
    expect(lines.every((line) => line.reason === null)).toBe(true)
  })

  it('refuses an empty note and saves nothing', async () => {
    const resource = { type: 'aml_search', id: randomUUID() } as const
    await expect(notes.addNote(resource, '   \n ')).rejects.toMatchObject({
      status: 400,
      detail: 'Write something before adding a note.',
    })
    expect(await notes.notesFor(resource)).toEqual([])
    expect(await auditRows('note', resource.id)).toHaveLength(0)
  })

  it('refuses a note on a record the upstream does not have, and saves nothing', async () => {
    const resource = { type: 'verification', id: 'VNOSUCH1' } as const
    await expect(notes.addNote(resource, 'Seen before, same person.')).rejects.toMatchObject({
      status: 404,
      detail: 'There is no verification VNOSUCH1 to add a note to.',
    })
    expect(await notes.notesFor(resource)).toEqual([])
    expect(await auditRows('note', resource.id)).toHaveLength(0)
  })
})

describe('analysts by identity, not by name', () => {
  const alice = (sub: string, email: string): Viewer => ({
    iss: 'https://idp.test',
    sub,
    email,
    name: null,
    groups: [],
  })

  it('takes two labels of one subject for one analyst, who cannot confirm their own true match', async () => {
    const searchId = randomUUID()
    as(alice('alice', 'Alice@Corp.com'))
    await decide(searchId, 'set', 'true_match')
    as(alice('alice', 'alice@corp.com'))
    await expect(decide(searchId, 'confirm', 'true_match')).rejects.toMatchObject({
      status: 409,
      detail: 'Awaiting a second analyst: you set this decision',
    })
    expect(await rows(searchId)).toMatchObject([
      { user_label: 'Alice@Corp.com', analyst_id: 'https://idp.test alice' },
    ])
  })

  it('takes one label of two subjects for two analysts: the second confirms', async () => {
    const searchId = randomUUID()
    as(alice('alice-1', 'alice@corp.com'))
    await decide(searchId, 'set', 'true_match')
    as(alice('alice-2', 'alice@corp.com'))
    await decide(searchId, 'confirm', 'true_match')
    const stored = (await rows(searchId)).sort((a, b) => a.id - b.id)
    expect(stored.map((row) => row.analyst_id)).toEqual([
      'https://idp.test alice-1',
      'https://idp.test alice-2',
    ])
  })

  it('records the identity on notes and audit lines, the label for display', async () => {
    const resource = { type: 'verification', id: 'VIDENT01' } as const
    verifications.set('VIDENT01', { aml_search_id: randomUUID(), applicant_id: randomUUID() })
    as(alice('alice', 'Alice@Corp.com'))
    await notes.addNote(resource, 'Called the applicant back.')
    const { db } = await store.getStore()
    const note = await db
      .selectFrom('notes')
      .selectAll()
      .where('resource_id', '=', 'VIDENT01')
      .executeTakeFirstOrThrow()
    expect(note).toMatchObject({
      user_label: 'Alice@Corp.com',
      analyst_id: 'https://idp.test alice',
    })
    const [line] = await auditRows('note', 'VIDENT01')
    expect(line).toMatchObject({
      user_label: 'Alice@Corp.com',
      analyst_id: 'https://idp.test alice',
    })
  })
})

describe('a change away from a standing true match', () => {
  it('needs a second analyst: its first author alone cannot clear a confirmed true match', async () => {
    const searchId = randomUUID()
    await decide(searchId, 'set', 'true_match')
    as(ben)
    await decide(searchId, 'confirm', 'true_match')
    as(ana)
    await decide(searchId, 'set', 'false_positive')
    let { matches, counts } = await review.decisionsForSearch(searchId, null)
    expect(matches['m-one']?.state).toMatchObject({
      status: 'awaiting_second',
      entry: { decision: 'false_positive', analystId: 'https://idp.test ana' },
    })
    expect(counts).toEqual({ reviewed: 1, awaitingSecond: 1 })
    expect((await review.reviewCounts([searchId])).get(searchId)).toEqual({
      reviewed: 1,
      awaitingSecond: 1,
    })
    await expect(decide(searchId, 'confirm', 'false_positive')).rejects.toMatchObject({
      status: 409,
    })
    await expect(decide(searchId, 'set', 'false_positive')).rejects.toMatchObject({ status: 409 })

    as(ben)
    await decide(searchId, 'confirm', 'false_positive')
    ;({ matches, counts } = await review.decisionsForSearch(searchId, null))
    expect(matches['m-one']?.state).toMatchObject({
      status: 'decided',
      entry: { decision: 'false_positive', action: 'confirm' },
    })
    expect(counts).toEqual({ reviewed: 1, awaitingSecond: 0 })
  })
})

describe('reading notes and decisions', () => {
  async function views(resourceId: string, field: string) {
    return (await auditRows('view', resourceId)).filter((line) => line.field === field)
  }

  it('audits each read of a report’s decisions and a record’s notes, naming who read them', async () => {
    const searchId = randomUUID()
    await review.decisionsForSearch(searchId, null)
    as(ben)
    await review.decisionsForSearch(searchId, null)
    await notes.notesFor({ type: 'aml_search', id: searchId })
    expect((await views(searchId, 'decisions')).map((line) => line.analyst_id)).toEqual([
      'https://idp.test ana',
      'https://idp.test ben',
    ])
    expect(await views(searchId, 'notes')).toMatchObject([
      { resource_type: 'aml_search', analyst_id: 'https://idp.test ben', outcome: 'ok' },
    ])
  })

  it('writes one row per request however often the request reads them', async () => {
    const { inRequestScope } = await import('@/lib/api/request-scope')
    const searchId = randomUUID()
    const scope = { requestId: randomUUID(), viewer: ana, timings: new Map<string, number>() }
    await inRequestScope(scope, async () => {
      await review.decisionsForSearch(searchId, null)
      await Promise.all([
        review.decisionsForSearch(searchId, null),
        notes.notesFor({ type: 'aml_search', id: searchId }),
        notes.notesFor({ type: 'aml_search', id: searchId }),
      ])
    })
    expect(await views(searchId, 'decisions')).toHaveLength(1)
    expect(await views(searchId, 'notes')).toHaveLength(1)
    // The next poll is a request of its own.
    await inRequestScope({ ...scope, requestId: randomUUID() }, () =>
      review.decisionsForSearch(searchId, null),
    )
    expect(await views(searchId, 'decisions')).toHaveLength(2)
  })
})
