import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

import { sql, type Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { SYSTEM_ACTOR } from '@/lib/cases/system-actor'
import type { Store } from '@/lib/store/open'
import type { Database } from '@/lib/store/schema'
import { stubEnv } from '@/tests/unit/helpers/env'
import { openTestStore } from '@/tests/unit/helpers/test-store'
import { postgresBin, startPostgres, type Postgres } from '@/tools/harness/postgres'

/*
 * Erasure under retention (#57) on the embedded store and on a PostgreSQL server: an applicant past
 * its retention is erased from every table (its name, date of birth and document number are in no
 * row: checked over every table, and over pg_dump's full dump on the server), one with an open case
 * or a legal hold is not, analytics' counts stay, the audit trail verifies and says what was erased
 * without a value of it, a record of the erased applicant that arrives again is stored erased, a
 * run stopped by a store error resumes, and two instances erase once.
 */

type Person = { name: string; dob: string; document: string }

/** Whom the erased applicants are about: none of this may remain anywhere. */
const GONE: Person = { name: 'Zebulon Quartermaine', dob: '1961-03-14', document: 'X99AB1234' }
/** Whom the held and ongoing applicants are about: kept. */
const KEPT: Person = {
  name: 'Ottoline Featherstonehaugh',
  dob: '1970-01-02',
  document: 'K55ZZ9876',
}
/** The applicants of the interrupted run: erased at its end. */
const RESUMED: Person = { name: 'Ravenna Stroud', dob: '1983-07-30', document: 'P12QR3456' }
const NAME = GONE.name
const secretsOf = (person: Person) => [
  person.name,
  person.dob,
  person.document,
  person.name.split(' ')[1]!.toLowerCase(),
]
const SECRETS = secretsOf(GONE)

const STORE = Symbol.for('verity.store')
const TRAIL = Symbol.for('verity.audit-trail')
const shared = globalThis as Record<symbol, unknown>

const yearsAgo = (years: number) => new Date(Date.now() - years * 366 * 86_400_000)
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000)

let modules: Awaited<ReturnType<typeof load>>
async function load() {
  return {
    run: await import('@/lib/retention/run'),
    upsert: await import('@/lib/history-mirror/upsert'),
    trail: await import('@/lib/audit/trail'),
    appTrail: await import('@/lib/audit/app-trail'),
    nameKey: await import('@/lib/history-mirror/name-key'),
    packs: await import('@/lib/retention/pack-erasure'),
    verify: await import('@/lib/evidence/verify'),
    contract: await import('@/lib/evidence/contract'),
    deployment: await import('@/lib/evidence/deployment'),
    access: await import('@/lib/retention/subject-access'),
    queue: await import('@/lib/notifications/queue'),
    job: await import('@/lib/retention/job'),
    views: await import('@/lib/retention/views'),
  }
}

const SETTINGS = { days: 1_826, sandboxDays: 30 }

type Seeded = { searchId: string; shortId: string }

/** One applicant with a screening (their name) and a verification, work on both, and the words. */
async function seedApplicant(
  db: Kysely<Database>,
  applicant: string,
  options: {
    at: Date
    person?: Person
    verified?: boolean
    caseState?: 'open' | 'closed'
    sandbox?: boolean
  },
): Promise<Seeded> {
  const who = options.person ?? GONE
  const searchId = `5e000000-0000-4000-8000-${applicant
    .replace(/[^0-9a-f]/g, '')
    .padStart(12, '0')
    .slice(-12)}`
  const shortId = `V${applicant.toUpperCase().replace(/[^A-Z0-9]/g, '')}`
  const base = {
    webhook_id: 'wh-1',
    payload_state: 'ok' as const,
    applicant_id: applicant,
    error_codes: [],
    is_sandbox: options.sandbox ?? false,
    first_seen_at: options.at,
    updated_at: options.at,
  }
  await db
    .insertInto('history_records')
    .values([
      {
        ...base,
        id: `${applicant}-aml`,
        event_type: 'AML_SCREENING',
        at: options.at,
        search_uuid: searchId,
        requested_name: who.name,
        name_key: modules.nameKey.nameKey(who.name),
        risk: 'High',
        match_count: 2,
        external_id: `customer ${who.document}`,
      },
      {
        ...base,
        id: `${applicant}-ver`,
        event_type: 'DOCVER',
        at: options.at,
        short_id: shortId,
        status: options.verified ? 'verified' : 'failed',
        error_codes: options.verified ? [] : [7000],
      },
    ])
    .execute()
  const kase = await db
    .insertInto('cases')
    .values({
      kind: 'screening',
      resource_type: 'aml_search',
      resource_id: searchId,
      record_id: `${applicant}-aml`,
      applicant_id: applicant,
      risk: 'High',
      priority: 3,
      state: options.caseState ?? 'closed',
      owner_id: null,
      owner_label: null,
      due_at: options.at,
      snoozed_until: null,
      outcome: options.caseState === 'open' ? null : 'false_positive',
      close_reason:
        options.caseState === 'open' ? null : `Not ${who.name}, document ${who.document}`,
      created_at: options.at,
      updated_at: options.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('case_events')
    .values({
      case_id: kase.id,
      kind: 'closed',
      analyst_id: 'https://idp.test ana',
      user_label: 'ana@verity.test',
      from_state: 'open',
      to_state: 'closed',
      owner_id: null,
      owner_label: null,
      outcome: 'false_positive',
      reason: `Born ${who.dob}, the match was born 1950`,
      until: null,
      at: options.at,
    })
    .execute()
  await db
    .insertInto('match_decisions')
    .values({
      search_id: searchId,
      match_uuid: 'm1',
      applicant_id: applicant,
      decision: 'false_positive',
      action: 'set',
      reason: `${who.name} (born ${who.dob}) is not the listed person`,
      user_label: 'ana@verity.test',
      analyst_id: 'https://idp.test ana',
      at: options.at,
      carried_from: null,
      settles: true,
      fingerprint: 'sha256:00',
      judged: JSON.stringify({ names: [who.name] }),
    })
    .execute()
  await db
    .insertInto('notes')
    .values([
      {
        resource_type: 'verification',
        resource_id: shortId,
        body: `Passport ${who.document}, date of birth ${who.dob}`,
        user_label: 'ana@verity.test',
        analyst_id: 'https://idp.test ana',
        at: options.at,
      },
    ])
    .execute()
  await db
    .insertInto('notifications')
    .values({
      event_key: `high_case:${kase.id}`,
      event_kind: 'high_case',
      channel: 'none',
      recipient: 'team',
      subject: `High risk: ${who.name}`,
      body: `A High risk screening of ${who.name} needs review.`,
      case_id: kase.id,
      status: 'not_sent',
      last_error: null,
      sent_at: null,
    })
    .execute()
  return { searchId, shortId }
}

/** Every row of every table of the store, as text (a dump of the data, on either store). */
async function everyRow(db: Kysely<Database>): Promise<string> {
  const { rows: tables } = await sql<{ schema: string; name: string }>`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE'
      and table_schema not in ('pg_catalog', 'information_schema')
  `.execute(db)
  const parts: string[] = []
  for (const table of tables) {
    const { rows } = await sql<{ row: string }>`
      select t::text as row from ${sql.table(`${table.schema}.${table.name}`)} t
    `.execute(db)
    parts.push(...rows.map((row) => `${table.name}: ${row.row}`))
  }
  return parts.join('\n')
}

async function analyticsCounts(db: Kysely<Database>) {
  const read = async (table: string) =>
    (
      await sql<{
        row: string
      }>`select t::text as row from ${sql.table(table)} t order by 1`.execute(db)
    ).rows.map((row) => row.row)
  return {
    screeningDays: await read('analytics_screening_days'),
    verificationDays: await read('analytics_verification_days'),
    verifications: await read('analytics_verifications'),
    screenings: await read('analytics_screenings'),
  }
}

function containsAny(text: string, secrets = SECRETS) {
  const lower = text.toLowerCase()
  return secrets.filter((secret) => lower.includes(secret.toLowerCase()))
}

type Target = {
  name: string
  open: () => Promise<Store>
  dump?: () => string
}

let postgres: Postgres | undefined

const targets: Target[] = [{ name: 'PGlite', open: () => openTestStore() }]
if (postgresBin()) {
  targets.push({
    name: 'a PostgreSQL server',
    open: async () => {
      const { openStore } = await import('@/lib/store/open')
      postgres ??= await startPostgres()
      return openStore({ dataDir: '', databaseUrl: postgres.url })
    },
    dump: () => {
      const url = new URL(postgres!.url)
      const result = spawnSync(
        join(postgresBin()!, 'pg_dump'),
        ['-h', url.hostname, '-p', url.port, '-U', 'postgres', 'postgres'],
        { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
      )
      if (result.status !== 0) throw new Error(`pg_dump failed: ${result.stderr}`)
      return result.stdout
    },
  })
}

beforeAll(async () => {
  stubEnv({
    DS_API_BASE_URL: 'http://127.0.0.1:9',
    DS_API_KEY: 'k',
    AUDIT_HMAC_KEY: 'a-retention-test-audit-key-of-32-characters',
    AUDIT_STDOUT: 'off',
  })
  modules = await load()
})

afterAll(() => {
  postgres?.stop()
  vi.unstubAllEnvs()
})

describe.each(targets)('erasure under retention on $name', (target) => {
  let store: Store

  beforeAll(async () => {
    store = await target.open()
    // The app's store is this one, so the audit rows of the erasure land in it.
    shared[STORE] = Promise.resolve(store)
    delete shared[TRAIL]
  }, 120_000)

  afterAll(async () => {
    delete shared[STORE]
    delete shared[TRAIL]
    await store?.close()
  })

  it('erases an applicant past retention from every table, keeps the held ones, and the trail verifies', async () => {
    const { db } = store
    const erased = await seedApplicant(db, 'app-gone', { at: yearsAgo(6) })
    await seedApplicant(db, 'app-open-case', { at: yearsAgo(6), caseState: 'open', person: KEPT })
    await seedApplicant(db, 'app-legal-hold', { at: yearsAgo(6), person: KEPT })
    await seedApplicant(db, 'app-customer', { at: yearsAgo(6), verified: true, person: KEPT })
    await db
      .insertInto('retention_holds')
      .values({
        applicant_id: 'app-legal-hold',
        reason: 'Court order 2026/17',
        until: null,
        placed_by: 'lea@verity.test',
        placed_by_id: 'https://idp.test lea',
        placed_at: new Date(),
      })
      .execute()
    const before = await analyticsCounts(db)
    // An evidence pack made of the applicant's report before the erasure, recorded as one is.
    const packBytes = new TextEncoder().encode(`%PDF-1.7 a pack of ${erased.searchId}`)
    const { writer } = await modules.appTrail.appTrail()
    await writer.appendMade(() =>
      Promise.resolve({
        time: new Date().toISOString(),
        user: 'ana@verity.test',
        action: 'export',
        resource: { type: 'aml_search', id: erased.searchId },
        field: modules.deployment.packField(
          false,
          modules.deployment.sha256(packBytes),
          'b'.repeat(64),
        ),
        requestId: 'req-pack',
        outcome: 'ok',
      }),
    )

    const dry = await modules.run.runRetention(db, SETTINGS, {
      trigger: 'command',
      dryRun: true,
      actor: SYSTEM_ACTOR,
    })
    expect(dry.due.map((due) => due.applicantId).sort()).toEqual([
      'app-gone',
      'app-legal-hold',
      'app-open-case',
    ])
    expect(dry.erased).toEqual([])
    expect(containsAny(await everyRow(db))).toEqual(SECRETS)

    const result = await modules.run.runRetention(db, SETTINGS, {
      trigger: 'command',
      dryRun: false,
      actor: SYSTEM_ACTOR,
    })
    expect(result.erased.map((one) => one.applicantId)).toEqual(['app-gone'])
    expect(result.erased[0]!.counts).toMatchObject({
      records: 1,
      cases: 1,
      caseEvents: 1,
      decisions: 1,
      notes: 1,
      notifications: 1,
    })
    expect(result.held.map((one) => [one.applicantId, one.holds[0]!.kind]).sort()).toEqual([
      ['app-legal-hold', 'legal_hold'],
      ['app-open-case', 'open_case'],
    ])

    // The erased applicant's words are in no row of any table; the held ones' still are.
    const rows = await everyRow(db)
    expect(containsAny(rows)).toEqual([])
    expect(containsAny(rows, secretsOf(KEPT))).toEqual(secretsOf(KEPT))

    // The skeleton stays, and so do analytics' counts.
    const skeleton = await db
      .selectFrom('history_records')
      .selectAll()
      .where('applicant_id', '=', 'app-gone')
      .orderBy('id')
      .execute()
    expect(
      skeleton.map((row) => [row.id, row.event_type, row.risk, row.match_count, row.status]),
    ).toEqual([
      ['app-gone-aml', 'AML_SCREENING', 'High', 2, null],
      ['app-gone-ver', 'DOCVER', null, null, 'failed'],
    ])
    expect(skeleton[0]!.requested_name).toBeNull()
    expect(await analyticsCounts(db)).toEqual(before)
    const note = await db
      .selectFrom('notes')
      .select('body')
      .where('resource_id', '=', erased.shortId)
      .executeTakeFirstOrThrow()
    expect(note.body).toMatch(/^erased under retention on \d{4}-\d{2}-\d{2}$/)

    // The trail: one row for the erasure, with counts and the rule, never a value; it verifies.
    const key = modules.appTrail.appAuditKey()
    expect(await modules.trail.verifyStoredTrail(db, key)).toMatchObject({ ok: true })
    const trail = await db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'retention')
      .execute()
    expect(trail).toHaveLength(1)
    expect(trail[0]).toMatchObject({
      resource_type: 'applicant',
      resource_id: 'app-gone',
      field: 'erase',
      user_label: 'Verity',
    })
    expect(trail[0]!.reason).toMatch(
      /^rule never_onboarded; run \d+ \(command\); rows records=1 cases=1/,
    )

    // A pack made of the erased applicant's report is said to be erased (evidence:verify).
    const check = await modules.verify.checkPack(db, modules.appTrail.appAuditKey(), packBytes)
    expect(check).toMatchObject({
      verdict: 'recorded',
      chain: { ok: true },
      erased: { on: new Date().toISOString().slice(0, 10), rule: 'never_onboarded' },
    })
    expect(modules.contract.packCheckWords(check)).toContain(
      `The pack's applicant was erased under retention on ${new Date().toISOString().slice(0, 10)} (never onboarded)`,
    )
    expect(
      await modules.packs.packErasure(db, { type: 'aml_search', id: erased.searchId }),
    ).toEqual({
      on: new Date().toISOString().slice(0, 10),
      rule: 'never_onboarded',
    })
    expect(
      await modules.packs.packErasure(db, { type: 'verification', id: 'VAPPOPENCASE' }),
    ).toBeNull()
  })

  it('holds an applicant whose report to the FIU is not yet filed, and erases a report filed past retention', async () => {
    const { db } = store
    await seedApplicant(db, 'app-report-draft', { at: yearsAgo(6), person: KEPT })
    await seedApplicant(db, 'app-report-filed', { at: yearsAgo(6) })
    const report = async (applicant: string, who: Person, filedAt: Date | null) => {
      const kase = await db
        .selectFrom('cases')
        .select('id')
        .where('applicant_id', '=', applicant)
        .executeTakeFirstOrThrow()
      const [first, last] = who.name.split(' ')
      const subject = {
        firstName: first,
        middleName: '',
        lastName: last,
        birthdate: who.dob,
        nationality: 'DE',
        passportNumber: who.document,
        passportCountry: 'DE',
        idNumber: '',
      }
      await db
        .insertInto('fiu_reports')
        .values({
          case_id: kase.id,
          code: 'STR',
          state: filedAt ? 'filed' : 'draft',
          drafter_id: 'https://idp.test lea',
          drafter_label: 'lea@verity.test',
          approver_id: null,
          approver_label: null,
          fields: JSON.stringify({
            subject,
            subjectSource: `verification of ${who.name}`,
            reason: `${who.name}, born ${who.dob}, matched a sanctions list.`,
            action: 'Relationship ended.',
            partyReason: `${who.name} is listed`,
            indicators: ['-'],
            citations: [{ id: 'c1', sentence: `${who.name} matched.`, source: {}, digest: 'x' }],
          }),
          decided_at: yearsAgo(6),
          due_at: yearsAgo(6),
          prev_rejected_ref: null,
          fiu_ref: filedAt ? 'FIU-1' : null,
          filed_at: filedAt,
          answered_at: null,
          approved_xml: filedAt ? `<report><first_name>${first}</first_name></report>` : null,
          approved_sha256: filedAt ? 'ab'.repeat(32) : null,
          updated_at: yearsAgo(6),
        })
        .execute()
    }
    await report('app-report-draft', KEPT, null)
    await report('app-report-filed', GONE, yearsAgo(6))

    const result = await modules.run.runRetention(db, SETTINGS, {
      trigger: 'command',
      dryRun: false,
      actor: SYSTEM_ACTOR,
    })
    expect(result.erased.map((one) => one.applicantId)).toContain('app-report-filed')
    expect(result.erased.map((one) => one.applicantId)).not.toContain('app-report-draft')
    expect(
      result.held.find((one) => one.applicantId === 'app-report-draft')?.holds.map((h) => h.kind),
    ).toEqual(['fiu_report'])

    // The filed report keeps its shape and digest, not a word of the person.
    const filed = await db
      .selectFrom('fiu_reports')
      .innerJoin('cases', 'cases.id', 'fiu_reports.case_id')
      .select(['fiu_reports.fields', 'fiu_reports.approved_xml', 'fiu_reports.approved_sha256'])
      .where('cases.applicant_id', '=', 'app-report-filed')
      .executeTakeFirstOrThrow()
    expect(filed.approved_xml).toBeNull()
    expect(filed.approved_sha256).toBe('ab'.repeat(32))
    expect(Object.keys((filed.fields as { subject: object }).subject)).toContain('lastName')
    expect(containsAny(await everyRow(db))).toEqual([])

    // An analyst's view of the held applicant does not say that a report holds it.
    const analystView = await modules.views.applicantRetention(db, 'app-report-draft', false)
    expect(analystView.holds).toEqual([])
    const leadView = await modules.views.applicantRetention(db, 'app-report-draft', true)
    expect(leadView.holds.map((hold) => hold.kind)).toEqual(['fiu_report'])
  })

  it('stores a record of the erased applicant that arrives again already erased', async () => {
    const { db } = store
    const record = (id: string) => ({
      id,
      webhook_id: 'wh-1',
      event_type: 'AML_SCREENING',
      at: daysAgo(1),
      at_raw: null,
      payload_state: 'ok' as const,
      applicant_id: 'app-gone',
      screening_id: null,
      search_uuid: null,
      verification_id: null,
      short_id: null,
      status: null,
      requested_name: NAME,
      name_key: modules.nameKey.nameKey(NAME),
      risk: 'Low',
      match_count: 0,
      external_id: GONE.document,
      is_sandbox: false,
      error_codes: [],
      attempts: 1,
      response_code: '200',
      content_digest: null,
      held_copy: null,
    })
    // A late delivery (a new record), and a re-read page (a record held, sent with its name).
    await modules.upsert.upsertRecords(
      db,
      [record('app-gone-late'), record('app-gone-aml')],
      new Date(),
    )
    const rows = await db
      .selectFrom('history_records')
      .select(['id', 'requested_name', 'name_key', 'external_id'])
      .where('applicant_id', '=', 'app-gone')
      .orderBy('id')
      .execute()
    expect(rows).toEqual([
      { id: 'app-gone-aml', requested_name: null, name_key: null, external_id: null },
      { id: 'app-gone-late', requested_name: null, name_key: null, external_id: null },
      { id: 'app-gone-ver', requested_name: null, name_key: null, external_id: null },
    ])
    const words = await sql<{ n: number }>`
      select count(*)::int as n from history_name_words where record_id like 'app-gone%'
    `.execute(db)
    expect(words.rows[0]!.n).toBe(0)
    // A new relationship under a new applicant id starts clean.
    await modules.upsert.upsertRecords(
      db,
      [
        {
          ...record('app-new-1'),
          applicant_id: 'app-new',
          requested_name: KEPT.name,
          name_key: modules.nameKey.nameKey(KEPT.name),
          external_id: null,
        },
      ],
      new Date(),
    )
    const fresh = await db
      .selectFrom('history_records')
      .select('requested_name')
      .where('id', '=', 'app-new-1')
      .executeTakeFirstOrThrow()
    expect(fresh.requested_name).toBe(KEPT.name)
  })

  it('stops at a store error, leaves the rest untouched, and the next run resumes', async () => {
    const { db } = store
    await seedApplicant(db, 'app-r1', { at: daysAgo(40), sandbox: true, person: RESUMED })
    await seedApplicant(db, 'app-r2', { at: daysAgo(40), sandbox: true, person: RESUMED })
    await sql
      .raw(`create function refuse_r2() returns trigger language plpgsql as $$
      begin
        if new.applicant_id = 'app-r2' then raise exception 'disk full'; end if;
        return new;
      end $$`)
      .execute(db)
    await sql
      .raw(`create trigger refuse_r2 before update on match_decisions
      for each row execute function refuse_r2()`)
      .execute(db)
    try {
      await expect(
        modules.run.runRetention(db, SETTINGS, {
          trigger: 'job',
          dryRun: false,
          actor: SYSTEM_ACTOR,
          batchSize: 1,
          pauseMs: 0,
        }),
      ).rejects.toThrow(/disk full/)
    } finally {
      await sql.raw('drop trigger refuse_r2 on match_decisions').execute(db)
      await sql.raw('drop function refuse_r2()').execute(db)
    }
    const tombstones = async () =>
      (
        await db
          .selectFrom('retention_erased')
          .select(['applicant_id', 'rule'])
          .where('applicant_id', 'in', ['app-r1', 'app-r2'])
          .orderBy('applicant_id')
          .execute()
      ).map((row) => `${row.applicant_id} ${row.rule}`)
    expect(await tombstones()).toEqual(['app-r1 sandbox'])
    const untouched = await db
      .selectFrom('history_records')
      .select('requested_name')
      .where('id', '=', 'app-r2-aml')
      .executeTakeFirstOrThrow()
    expect(untouched.requested_name).toBe(RESUMED.name)
    const failedRun = await db
      .selectFrom('retention_runs')
      .select(['error', 'erased'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(failedRun).toMatchObject({ erased: 1 })
    expect(failedRun.error).toMatch(/disk full/)

    const resumed = await modules.run.runRetention(db, SETTINGS, {
      trigger: 'job',
      dryRun: false,
      actor: SYSTEM_ACTOR,
    })
    expect(resumed.erased.map((one) => one.applicantId)).toEqual(['app-r2'])
    expect(await tombstones()).toEqual(['app-r1 sandbox', 'app-r2 sandbox'])
    expect(await modules.trail.verifyStoredTrail(db, modules.appTrail.appAuditKey())).toMatchObject(
      {
        ok: true,
      },
    )
    expect(containsAny(await everyRow(db), secretsOf(RESUMED))).toEqual([])
  })

  it('exports an applicant with 1,000 records within seconds', async () => {
    const { db } = store
    await sql`
      insert into history_records (id, webhook_id, event_type, at, payload_state, applicant_id,
        search_uuid, requested_name, risk, match_count, error_codes, first_seen_at, updated_at)
      select 'thousand-' || n, 'wh-1', 'AML_SCREENING', now() - n * interval '1 hour', 'ok',
        'app-thousand', 'f0000000-0000-4000-8000-' || lpad(n::text, 12, '0'), ${KEPT.name}, 'Low',
        0, '{}', now(), now()
      from generate_series(1, 1000) as n
    `.execute(db)
    const started = performance.now()
    const document = await modules.access.subjectAccessDocument(db, 'app-thousand')
    const seconds = (performance.now() - started) / 1_000
    expect(document.records).toHaveLength(1_000)
    expect(document.reports).toMatchObject({ included: false })
    expect(seconds).toBeLessThan(5)
  })

  it.runIf(target.dump)('leaves none of the erased values in a full dump of the server', () => {
    const dump = target.dump!()
    expect(containsAny(dump)).toEqual([])
    expect(containsAny(dump, secretsOf(RESUMED))).toEqual([])
    // The dump is whole: the held applicants' words are in it.
    expect(containsAny(dump, secretsOf(KEPT))).toEqual(secretsOf(KEPT))
  })
})

describe.skipIf(!postgresBin())('two instances of one PostgreSQL server', () => {
  let instances: Store[] = []

  beforeAll(async () => {
    const { openStore } = await import('@/lib/store/open')
    postgres ??= await startPostgres()
    const config = { dataDir: '', databaseUrl: postgres.url }
    instances = await Promise.all([openStore(config), openStore(config)])
    shared[STORE] = Promise.resolve(instances[0]!)
    delete shared[TRAIL]
  }, 120_000)

  afterAll(async () => {
    delete shared[STORE]
    delete shared[TRAIL]
    for (const instance of instances) await instance.close()
  })

  it("creates the day's job once however many instances ask for it", async () => {
    const bosses = await Promise.all(
      instances.map((instance) => modules.queue.startQueue(instance)),
    )
    try {
      await bosses[0]!.createQueue(modules.job.RETENTION_QUEUE)
      const id = modules.job.dayJobId('2026-11-28')
      const sent = await Promise.all(
        bosses.flatMap((boss) =>
          [1, 2].map(() => boss.send(modules.job.RETENTION_QUEUE, { day: '2026-11-28' }, { id })),
        ),
      )
      expect(sent.filter((one) => one !== null)).toEqual([id])
    } finally {
      for (const boss of bosses) await boss.stop({ graceful: false })
    }
  })

  it('erase each applicant once when both run at once', async () => {
    const [first, second] = instances
    const ids = Array.from({ length: 12 }, (_, index) => `app-twice-${index}`)
    for (const id of ids) await seedApplicant(first!.db, id, { at: yearsAgo(6) })
    const results = await Promise.all(
      [first!, second!].map((instance) =>
        modules.run.runRetention(instance.db, SETTINGS, {
          trigger: 'job',
          dryRun: false,
          actor: SYSTEM_ACTOR,
          batchSize: 3,
          pauseMs: 0,
        }),
      ),
    )
    const erased = results.flatMap((result) => result.erased.map((one) => one.applicantId))
    expect(erased.filter((id) => id.startsWith('app-twice-')).sort()).toEqual([...ids].sort())
    const audited = await first!.db
      .selectFrom('audit_events')
      .select('resource_id')
      .where('action', '=', 'retention')
      .where('resource_id', 'like', 'app-twice-%')
      .execute()
    expect(audited).toHaveLength(ids.length)
  })
})
