import { randomUUID } from 'node:crypto'

import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { chooseAssignee } from '@/lib/cases/auto-assign'
import { stubEnv } from '@/tests/unit/helpers/env'
import { withAppStore } from '@/tests/unit/helpers/test-store'

/*
 * Work that assigns and escalates itself (docs/cases.md): the choice of analyst alone, then
 * automatic assignment and escalation in a real (embedded) store, made from mirrored records as
 * the mirror makes them, with sessions standing for the analysts who signed in.
 */

const HOUR = 3_600_000
const analyst = (name: string) => `https://idp.test ${name}`

withAppStore()

let modules: Awaited<ReturnType<typeof load>>

async function load() {
  return {
    create: await import('@/lib/cases/create'),
    escalate: await import('@/lib/cases/escalate'),
    presence: await import('@/lib/cases/presence'),
    list: await import('@/lib/cases/list'),
    store: await import('@/lib/store/store'),
  }
}

beforeAll(async () => {
  stubEnv({
    DS_API_BASE_URL: 'http://127.0.0.1:9',
    DS_API_KEY: 'k',
    AUTH_DISABLED: 'true',
    CASE_AUTO_ASSIGN: 'on',
    CASE_AUTO_ASSIGN_MAX: '2',
    CASE_ESCALATE: 'on',
  })
  modules = await load()
})

afterAll(() => {
  vi.unstubAllEnvs()
})

async function db() {
  return (await modules.store.getStore()).db
}

beforeEach(async () => {
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  // Each test starts with nobody signed in and no case open.
  await sql`update cases set state = 'closed', outcome = 'no_action_needed', version = version + 1
    where state <> 'closed'`.execute(await db())
  await sql`delete from sessions`.execute(await db())
  await sql`delete from analyst_presence`.execute(await db())
  return () => stdout.mockRestore()
})

/** A session of `name` last seen `hoursAgo`. */
async function seen(name: string, hoursAgo: number) {
  const at = new Date(Date.now() - hoursAgo * HOUR)
  await (
    await db()
  )
    .insertInto('sessions')
    .values({
      id: randomUUID(),
      user_label: `${name}@verity.test`,
      analyst_id: analyst(name),
      viewer: JSON.stringify({ iss: 'https://idp.test', sub: name, name, groups: [] }),
      created_at: at,
      last_seen_at: at,
      expires_at: new Date(at.getTime() + 8 * HOUR),
      checked_at: at,
    })
    .execute()
}

/** Mirrors a High-risk screening of `applicant` `hoursAgo` and makes its case; returns its id. */
async function newCase(applicant: string | null, hoursAgo = 0) {
  const id = randomUUID()
  const at = new Date(Date.now() - hoursAgo * HOUR)
  await (
    await db()
  )
    .insertInto('history_records')
    .values({
      id,
      event_type: 'AML_SCREENING',
      search_uuid: randomUUID(),
      risk: 'High',
      match_count: 1,
      applicant_id: applicant,
      at,
      payload_state: 'ok',
      error_codes: [],
      first_seen_at: at,
      updated_at: at,
    })
    .execute()
  const [caseId] = await modules.create.createCasesForNewRecords(await db(), [id])
  return caseId!
}

async function caseOf(id: number) {
  return (await db()).selectFrom('cases').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

async function eventsOf(id: number) {
  return (await db())
    .selectFrom('case_events')
    .select(['kind', 'user_label', 'owner_label', 'reason', 'to_state'])
    .where('case_id', '=', id)
    .orderBy('id')
    .execute()
}

async function audited(id: number, field: string) {
  return (await db())
    .selectFrom('audit_events')
    .select(['user_label', 'reason'])
    .where('action', '=', 'case')
    .where('resource_id', '=', String(id))
    .where('field', '=', field)
    .execute()
}

describe('the choice of analyst', () => {
  const ana = { id: 'ana', label: 'Ana', open: 3 }
  const ben = { id: 'ben', label: 'Ben', open: 1 }
  const cy = { id: 'cy', label: 'Cy', open: 1 }

  it('gives the case to the analyst with the fewest open cases, by name on a tie', () => {
    expect(chooseAssignee([ana, cy, ben], null, 10)).toEqual({ analyst: ben, why: 'fewest' })
  })

  it("gives a re-screened applicant's case to their last case's owner, if under the limit", () => {
    expect(chooseAssignee([ana, ben], 'ana', 10)).toEqual({ analyst: ana, why: 'previous' })
    expect(chooseAssignee([ana, ben], 'ana', 3)).toEqual({ analyst: ben, why: 'fewest' })
    // Not available: not among the candidates.
    expect(chooseAssignee([ben], 'ana', 10)).toEqual({ analyst: ben, why: 'fewest' })
  })

  it('leaves the case unassigned once everyone has the most open cases allowed', () => {
    expect(chooseAssignee([ana, ben], null, 1)).toBeNull()
    expect(chooseAssignee([], null, 10)).toBeNull()
  })
})

describe('automatic assignment', () => {
  it('assigns a new case to an available analyst, as an event by Verity, audited', async () => {
    await seen('ana', 1)
    const id = await newCase(null)
    const kase = await caseOf(id)
    expect([kase.owner_id, kase.owner_label]).toEqual([analyst('ana'), 'ana@verity.test'])
    expect(await eventsOf(id)).toEqual([
      expect.objectContaining({ kind: 'created' }),
      {
        kind: 'assigned',
        user_label: 'Verity',
        owner_label: 'ana@verity.test',
        reason: 'assigned automatically: fewest open cases',
        to_state: 'open',
      },
    ])
    expect(await audited(id, 'assigned')).toEqual([
      { user_label: 'Verity', reason: 'assigned to ana@verity.test (fewest open cases)' },
    ])
  })

  it('passes over analysts not seen lately or marked away, and spreads the work', async () => {
    await seen('ana', 1)
    await seen('ben', 2)
    await seen('cy', 9)
    await (
      await db()
    )
      .insertInto('analyst_presence')
      .values({ analyst_id: analyst('ana'), away: true, changed_at: new Date() })
      .execute()
    const first = await newCase(null)
    expect((await caseOf(first)).owner_id).toBe(analyst('ben'))
    await sql`update analyst_presence set away = false`.execute(await db())
    const second = await newCase(null)
    expect((await caseOf(second)).owner_id).toBe(analyst('ana'))
  })

  it("gives a re-screened applicant's case to their last owner, and waits beyond the limit", async () => {
    await seen('ana', 1)
    await seen('ben', 1)
    const applicant = `applicant-${randomUUID()}`
    const first = await newCase(applicant, 48)
    const firstOwner = (await caseOf(first)).owner_id
    const again = await newCase(applicant, 1)
    expect((await caseOf(again)).owner_id).toBe(firstOwner)
    expect((await eventsOf(again)).at(-1)?.reason).toBe(
      "assigned automatically: had the applicant's last case",
    )
    // The other analyst gets the next two; then both have two open cases, the most allowed.
    const other = firstOwner === analyst('ana') ? analyst('ben') : analyst('ana')
    expect((await caseOf(await newCase(null))).owner_id).toBe(other)
    expect((await caseOf(await newCase(null))).owner_id).toBe(other)
    const waiting = await newCase(null)
    expect((await caseOf(waiting)).owner_id).toBeNull()
    expect((await eventsOf(waiting)).map((event) => event.kind)).toEqual(['created'])
  })

  it('assigns nobody while nobody has been seen', async () => {
    const id = await newCase(null)
    expect((await caseOf(id)).owner_id).toBeNull()
  })
})

describe('away and back', () => {
  const viewer = (name: string) => ({
    iss: 'https://idp.test',
    sub: name,
    email: `${name}@verity.test`,
    name,
    groups: [],
  })

  it('marks an analyst away and back, audited, and shows leads who is available', async () => {
    await seen('ana', 1)
    await seen('ben', 1)
    await seen('cy', 9)
    await modules.presence.setAway(await db(), viewer('ana'), true)
    expect(await modules.presence.isAway(await db(), analyst('ana'))).toBe(true)
    const loads = await modules.list.ownerLoads(await db(), 8)
    const availability = Object.fromEntries(loads.map((load) => [load.ownerId, load.availability]))
    expect(availability[analyst('ana')]).toBe('away')
    expect(availability[analyst('ben')]).toBe('available')
    // Seen nine hours ago and owning nothing: not listed.
    expect(availability[analyst('cy')]).toBeUndefined()
    // Away, ana is passed over.
    expect((await caseOf(await newCase(null))).owner_id).toBe(analyst('ben'))
    await modules.presence.setAway(await db(), viewer('ana'), false)
    expect(await modules.presence.isAway(await db(), analyst('ana'))).toBe(false)
    const audited = await (
      await db()
    )
      .selectFrom('audit_events')
      .select('field')
      .where('action', '=', 'case')
      .where('resource_type', '=', 'analyst')
      .where('resource_id', '=', analyst('ana'))
      .orderBy('id')
      .execute()
    expect(audited.map((row) => row.field)).toEqual(['away', 'back'])
  })
})

describe('escalation', () => {
  /** A case of `owner`, due `hoursLate` ago. */
  async function lateCase(hoursLate: number, state: 'open' | 'in_review' = 'in_review') {
    const id = await newCase(null)
    await sql`update cases set due_at = ${new Date(Date.now() - hoursLate * HOUR)},
      owner_id = ${analyst('gus')}, owner_label = 'gus@verity.test', state = ${state}
      where id = ${id}`.execute(await db())
    return id
  }

  it('escalates a case 24 h past its due date once, owner kept, as Verity, audited', async () => {
    const late = await lateCase(25)
    const notYet = await lateCase(23, 'open')
    const escalated = await modules.escalate.escalateOverdue(await db())
    expect(escalated).toContain(late)
    expect(escalated).not.toContain(notYet)
    const kase = await caseOf(late)
    expect([kase.state, kase.owner_label]).toEqual(['escalated', 'gus@verity.test'])
    expect((await eventsOf(late)).at(-1)).toEqual({
      kind: 'escalated',
      user_label: 'Verity',
      owner_label: null,
      reason: '24 h past its due date',
      to_state: 'escalated',
    })
    expect(await audited(late, 'escalated')).toEqual([
      { user_label: 'Verity', reason: 'escalated: 24 h past its due date' },
    ])
    expect((await caseOf(notYet)).state).toBe('open')
    // Resumed by its analyst, it stays in review: Verity escalates a case once.
    await sql`update cases set state = 'in_review' where id = ${late}`.execute(await db())
    expect(await modules.escalate.escalateOverdue(await db())).not.toContain(late)
  })

  it('leaves a case waiting on the customer alone while its snooze lasts', async () => {
    const id = await lateCase(48)
    await sql`update cases set state = 'waiting', snoozed_until = ${new Date(Date.now() + HOUR)}
      where id = ${id}`.execute(await db())
    expect(await modules.escalate.escalateOverdue(await db())).not.toContain(id)
  })
})
