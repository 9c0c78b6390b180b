import { createHash } from 'node:crypto'

import { sql } from 'kysely'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import type { Viewer } from '@/lib/auth/viewer'
import type { EvidencePack, MadePack } from '@/lib/evidence/contract'
import { stubEnv } from '@/tests/unit/helpers/env'
import { sendJson, startFakeUpstream, type FakeUpstream } from '@/tests/unit/helpers/fake-upstream'
import { withAppStore } from '@/tests/unit/helpers/test-store'
import { viewerOf } from '@/tests/unit/helpers/auth-settings'

/*
 * Evidence packs made in a real (embedded) store against a fake upstream: what the JSON holds for
 * a failed verification and for a report with decisions, the audit row that records both files,
 * and the verifier telling a recorded file from a changed one, another deployment's and a stranger.
 */

const signedIn = vi.hoisted(() => ({ viewer: null as Viewer | null }))
vi.mock('@/lib/auth/session', async () =>
  (await import('@/tests/unit/helpers/session-mock')).sessionMock(signedIn),
)

const ana = viewerOf('ana')
const ben = viewerOf('ben')

const SHORT_ID = 'VFAILED0123456789'
const SEARCH_ID = '5f0c2a7e-8d44-4b7e-9a52-0d1c2b3a4f5e'

const failedVerification = {
  id: '46f67eb6-1486-49f5-95cd-69313e392f35',
  applicant_id: '08c0091e-dd28-4c35-9d8f-5c4194e71fc3',
  status: 'failed',
  verification_url_id: SHORT_ID,
  created_at: '2026-11-20T09:00:00Z',
  completed_at: '2026-11-20T09:05:00Z',
  checks: {
    document_mrz: {
      status: 'failed',
      pending_documents: [],
      errors: [{ code: 1104, message: 'MRZ checksum does not match' }],
      data: null,
    },
    face_comparison: {
      status: 'failed',
      pending_documents: [],
      errors: [{ code: 2001, message: 'Faces do not match' }],
      data: null,
    },
  },
  poi_data: { full_name: 'Anna Kowalczyk', document_number: 'AB1234567', birth_date: '1990-04-12' },
}

const report = {
  requested_name: 'ANNA KOWALCZYK',
  search_uuid: SEARCH_ID,
  data: ['m-one', 'm-two', 'm-three'].map((uuid, index) => ({
    uuid,
    type: 'Person',
    risk_score: index === 0 ? 'High' : 'Low',
    search_metadata: { best_match_name: `Match ${index + 1}`, name_match_percentage: 90 },
  })),
}

withAppStore()

let fake: FakeUpstream
let modules: Awaited<ReturnType<typeof loadModules>>

async function loadModules() {
  return {
    make: await import('@/lib/evidence/make'),
    verify: await import('@/lib/evidence/verify'),
    request: await import('@/lib/evidence/request'),
    decisions: await import('@/lib/review/record-decision'),
    notes: await import('@/lib/notes/notes'),
    cases: await import('@/lib/cases/create'),
    caseActions: await import('@/lib/cases/actions'),
    store: await import('@/lib/store/store'),
    trail: await import('@/lib/audit/app-trail'),
  }
}

beforeAll(async () => {
  fake = await startFakeUpstream()
  fake.handle((request, response) => {
    const url = request.url ?? ''
    if (url.includes(`/aml/search/history/${SEARCH_ID}`)) return sendJson(response, 200, report)
    if (url.includes(`/verifications/short/${SHORT_ID}`)) {
      return sendJson(response, 200, failedVerification)
    }
    sendJson(response, 404, { error: 'not found' })
  })
  stubEnv({ DS_API_BASE_URL: fake.url, DS_API_KEY: 'k' })
  modules = await loadModules()
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

function make(body: Record<string, unknown>) {
  return modules.make.makeEvidencePack(modules.request.packRequest.parse(body))
}

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex')
const pdfOf = (made: MadePack) => new Uint8Array(Buffer.from(made.pdfBase64, 'base64'))

async function pdfText(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(bytes.slice())
  return (await extractText(pdf, { mergePages: true })).text
}

function section(pack: EvidencePack, key: string) {
  const found = pack.sections.find((item) => item.key === key)
  if (!found) throw new Error(`no section ${key}`)
  return found
}

async function db() {
  return (await modules.store.getStore()).db
}

describe('the JSON pack', () => {
  it('holds a failed verification as Verity shows it: status, each error code, masked identity', async () => {
    const made = await make({ type: 'verification', id: SHORT_ID })
    const pack = JSON.parse(made.json) as EvidencePack

    expect(pack).toMatchObject({
      format: 'verity-evidence-pack/1',
      title: `Verification ${SHORT_ID}`,
      record: { type: 'verification', id: SHORT_ID, upstreamId: failedVerification.id },
      made: { by: 'ana@verity.test', masked: true, reason: null },
    })
    const facts = section(pack, 'verification').blocks[0]
    const status = facts?.kind === 'facts' && facts.facts.find((fact) => fact.label === 'Status')
    expect(status).toEqual({ label: 'Status', value: 'Failed (failed): Negative result; final' })
    const checks = JSON.stringify(section(pack, 'checks'))
    expect(checks).toContain('1104: ')
    expect(checks).toContain('MRZ checksum does not match')
    expect(checks).toContain('2001: ')
    expect(checks).toContain('2 errors in 2 of 2 checks')
    // The document number and date of birth leave masked, as on the page.
    expect(made.json).toContain('Anna Kowalczyk')
    expect(made.json).toContain('••••4567')
    expect(made.json).not.toContain('AB1234567')
    expect(made.json).not.toContain('1990-04-12')
    // The excerpt holds the view that reading the record for the pack wrote, with its hash.
    const excerpt = section(pack, 'audit').blocks[1]
    expect(excerpt?.kind === 'table' && excerpt.rows.at(-1)?.[3]).toBe('view')
    expect(excerpt?.kind === 'table' && excerpt.rows.at(-1)?.[4]).toMatch(/^[0-9a-f]{64}$/)
  })

  it('holds a report with its decisions: who, when, why and the four-eyes state', async () => {
    await modules.decisions.recordDecision({
      searchId: SEARCH_ID,
      matchUuid: 'm-two',
      subject: null,
      decision: 'true_match',
      action: 'set',
      reason: 'Same date of birth as the passport.',
    })
    signedIn.viewer = ben
    await modules.decisions.recordDecision({
      searchId: SEARCH_ID,
      matchUuid: 'm-two',
      subject: null,
      decision: 'true_match',
      action: 'confirm',
      reason: 'Photo and birthplace agree too.',
    })
    await modules.decisions.recordDecision({
      searchId: SEARCH_ID,
      matchUuid: 'm-three',
      subject: null,
      decision: 'second_review',
      action: 'set',
      reason: 'Unsure about the spelling of the name.',
    })
    await modules.notes.addNote(
      { type: 'aml_search', id: SEARCH_ID },
      'Ticket 4411 asked for this.',
    )

    const made = await make({ type: 'aml_search', id: SEARCH_ID })
    const pack = JSON.parse(made.json) as EvidencePack
    const matches = section(pack, 'matches')
    // Decided matches first, then the rest in report order.
    const headings = matches.blocks.filter((block) => block.kind === 'subheading')
    expect(headings.map((block) => block.kind === 'subheading' && block.text)).toEqual([
      '1. Match 2 (Person, risk Low)',
      '2. Match 3 (Person, risk Low)',
      '3. Match 1 (Person, risk High)',
    ])
    const text = JSON.stringify(matches)
    expect(text).toContain('True match, final (ben@verity.test')
    expect(text).toContain('Needs second review by ben@verity.test, awaiting a second analyst')
    const history = matches.blocks.find((block) => block.kind === 'table')
    expect(history).toMatchObject({
      columns: ['When', 'Analyst', 'Decision', 'Reason'],
      rows: [
        [
          expect.stringMatching(/UTC$/),
          'ana@verity.test',
          'True match (set)',
          'Same date of birth as the passport.',
        ],
        [
          expect.stringMatching(/UTC$/),
          'ben@verity.test',
          'True match (confirm)',
          'Photo and birthplace agree too.',
        ],
      ],
    })
    expect(JSON.stringify(section(pack, 'notes'))).toContain('Ticket 4411 asked for this.')
    const excerpt = JSON.stringify(section(pack, 'audit'))
    expect(excerpt).toContain('decide · m-two')
    expect(excerpt).toContain('note')
  })
})

describe('the case pack', () => {
  it("holds the case's state, owner and event log beside its report, and the case's audit rows", async () => {
    const store = await db()
    const now = new Date()
    await store
      .insertInto('history_records')
      .values({
        id: 'record-of-the-case',
        event_type: 'AML_SCREENING',
        search_uuid: SEARCH_ID,
        requested_name: 'ANNA KOWALCZYK',
        risk: 'High',
        match_count: 3,
        at: now,
        payload_state: 'ok',
        error_codes: [],
        first_seen_at: now,
        updated_at: now,
      })
      .execute()
    const [caseId] = await modules.cases.createCasesForNewRecords(store, ['record-of-the-case'])
    await modules.caseActions.actOnCase(store, ana, caseId!, { action: 'claim' })
    await modules.caseActions.actOnCase(store, ana, caseId!, {
      action: 'escalate',
      reason: 'The customer is a minister.',
    })
    await modules.notes.addNote({ type: 'aml_search', id: SEARCH_ID }, 'Called the customer back.')

    const made = await make({ type: 'case', id: String(caseId) })
    const pack = JSON.parse(made.json) as EvidencePack
    expect(pack).toMatchObject({
      title: `Case ${caseId}: AML report ${SEARCH_ID}`,
      record: { type: 'case', id: String(caseId), upstreamId: SEARCH_ID },
    })
    const kase = section(pack, 'case')
    const facts = kase.blocks[0]?.kind === 'facts' ? kase.blocks[0].facts : []
    expect(facts).toEqual(
      expect.arrayContaining([
        { label: 'Applicant', value: 'ANNA KOWALCZYK' },
        { label: 'State', value: 'Escalated' },
        { label: 'Owner', value: 'ana@verity.test' },
      ]),
    )
    const log = kase.blocks.find((block) => block.kind === 'table')
    expect(log?.kind === 'table' && log.rows.map((row) => [row[1], row[2], row[3]])).toEqual([
      ['history mirror', 'Case made', 'Open'],
      ['ana@verity.test', 'Claimed', 'Open'],
      ['ana@verity.test', 'Escalated: The customer is a minister.', 'Escalated'],
      ['ana@verity.test', expect.stringMatching(/^Note added: note \d+$/), 'Escalated'],
    ])
    expect(section(pack, 'matches').title).toContain('of 3 in full')
    expect(JSON.stringify(section(pack, 'notes'))).toContain('Called the customer back.')
    const excerpt = JSON.stringify(section(pack, 'audit'))
    expect(excerpt).toContain('case · escalated')
    expect(excerpt).toContain('decide · m-two')
    const row = await store
      .selectFrom('audit_events')
      .select(['resource_type', 'resource_id'])
      .where('seq', '=', made.seq)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ resource_type: 'case', resource_id: String(caseId) })
    const text = await pdfText(pdfOf(made))
    expect(text).toContain(`Case ${caseId}`)
    expect(text).toContain('from the upstream record')
    expect(text).toContain('Escalated: The customer is a minister.')
    expect(text).toContain(`audit row ${made.seq}`)
  })

  it('answers 404 for a case that does not exist', async () => {
    await expect(make({ type: 'case', id: '999999' })).rejects.toMatchObject({
      status: 404,
      detail: 'There is no case with this id.',
    })
  })
})

describe('the audit row of a pack', () => {
  it('carries both files’ SHA-256, and the PDF footer names its sequence number', async () => {
    const made = await make({ type: 'verification', id: SHORT_ID })
    const pdf = pdfOf(made)
    expect(made.manifest.pdf.sha256).toBe(sha256(pdf))
    expect(made.manifest.json.sha256).toBe(sha256(made.json))

    const row = await (
      await db()
    )
      .selectFrom('audit_events')
      .selectAll()
      .where('seq', '=', made.seq)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      action: 'export',
      resource_type: 'verification',
      resource_id: SHORT_ID,
      field: `evidence-pack pdf=${sha256(pdf)} json=${sha256(made.json)}`,
      user_label: 'ana@verity.test',
    })
    const text = await pdfText(pdf)
    expect(text).toContain(`audit row ${made.seq}`)
    expect(text).toContain(SHORT_ID)
    expect(text).toContain('1104')
    // In a proportional font a 64-digit hash may wrap in its column, by the width of its digits.
    expect(text.replace(/\s+/g, '')).toContain(sha256(made.json))
  })

  it('keeps the reason of an unmasked pack, which holds the raw values', async () => {
    const reason = 'Regulator request 2026-117 asks for the document data.'
    expect(() =>
      modules.request.packRequest.parse({ type: 'verification', id: SHORT_ID, unmasked: true }),
    ).toThrow(/reason of at least 10 characters/)
    const made = await make({ type: 'verification', id: SHORT_ID, unmasked: true, reason })
    expect(made.json).toContain('AB1234567')
    const row = await (
      await db()
    )
      .selectFrom('audit_events')
      .select(['field', 'reason'])
      .where('seq', '=', made.seq)
      .executeTakeFirstOrThrow()
    expect(row.field).toMatch(/^evidence-pack-unmasked pdf=/)
    expect(row.reason).toBe(reason)
  })

  it('is refused with 503, and nothing handed out, when the row cannot be written', async () => {
    const store = await db()
    await sql`create function refuse_packs() returns trigger language plpgsql as $$
      begin
        if new.field like 'evidence-pack%' then raise exception 'trail refused'; end if;
        return new;
      end $$`.execute(store)
    await sql`create trigger refuse_packs before insert on audit_events
      for each row execute function refuse_packs()`.execute(store)
    try {
      await expect(make({ type: 'verification', id: SHORT_ID })).rejects.toMatchObject({
        status: 503,
        type: 'evidence_pack_unrecorded',
      })
      const packs = await store
        .selectFrom('audit_events')
        .select('seq')
        .where('field', 'like', 'evidence-pack%')
        .execute()
      // The earlier tests' packs only; the chain still verifies after the refused append.
      const { verifyStoredTrail } = await import('@/lib/audit/trail')
      expect(packs.length).toBeGreaterThan(0)
      expect(await verifyStoredTrail(store, modules.trail.appAuditKey())).toMatchObject({
        ok: true,
      })
    } finally {
      await sql`drop trigger refuse_packs on audit_events`.execute(store)
      await sql`drop function refuse_packs()`.execute(store)
    }
  })
})

describe('verifying a pack', () => {
  it('accepts the files byte for byte and names their row; the chain verifies', async () => {
    const made = await make({ type: 'verification', id: SHORT_ID })
    const key = modules.trail.appAuditKey()
    const pdf = await modules.verify.checkPack(await db(), key, pdfOf(made))
    expect(pdf).toMatchObject({
      verdict: 'recorded',
      kind: 'pdf',
      seq: made.seq,
      by: 'ana@verity.test',
      resource: { type: 'verification', id: SHORT_ID },
      chain: { ok: true },
    })
    const json = await modules.verify.checkPack(await db(), key, Buffer.from(made.json))
    expect(json).toMatchObject({ verdict: 'recorded', kind: 'json', seq: made.seq })
  })

  it('refuses a changed byte, and tells another deployment’s pack and a stranger apart', async () => {
    const made = await make({ type: 'verification', id: SHORT_ID })
    const key = modules.trail.appAuditKey()
    const store = await db()

    const pdf = pdfOf(made)
    const changed = pdf.slice()
    const at = Math.floor(changed.length / 2)
    changed[at] = changed[at]! ^ 0x01
    expect(await modules.verify.checkPack(store, key, changed)).toEqual({
      verdict: 'changed',
      kind: 'pdf',
      claimedSeq: made.seq,
    })
    const json = made.json.replace('"masked": true', '"masked": false')
    expect(await modules.verify.checkPack(store, key, Buffer.from(json))).toMatchObject({
      verdict: 'changed',
      kind: 'json',
    })

    const otherKey = new Uint8Array(32).fill(7)
    expect(await modules.verify.checkPack(store, otherKey, changed)).toMatchObject({
      verdict: 'other_deployment',
      kind: 'pdf',
    })
    expect(await modules.verify.checkPack(store, key, Buffer.from('%PDF-1.7\nnot a pack'))).toEqual(
      {
        verdict: 'unknown',
      },
    )
    expect(await modules.verify.checkPack(store, key, Buffer.from('{"id": 1}'))).toEqual({
      verdict: 'unknown',
    })
  })
})
