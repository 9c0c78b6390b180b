import { generateKeyPairSync, randomUUID } from 'node:crypto'
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import yauzl from 'yauzl'
import yazl from 'yazl'

import type { Viewer } from '@/lib/auth/viewer'
import { signInOnEnv, viewerOf } from '@/tests/unit/helpers/auth-settings'
import { stubEnv } from '@/tests/unit/helpers/env'
import { withAppStore } from '@/tests/unit/helpers/test-store'

/*
 * The exam pack (issue #58): made from a real (embedded) store with cases, case events, decisions
 * and audit rows, it verifies with only the public key; each kind of tampering fails, naming what
 * was touched: a trail row removed, a CSV line edited or removed, the manifest changed, a file
 * added or taken out, another deployment's key.
 */

const signedIn = vi.hoisted(() => ({ viewer: null as Viewer | null }))
vi.mock('@/lib/auth/session', async () =>
  (await import('@/tests/unit/helpers/session-mock')).sessionMock(signedIn),
)

const ana = viewerOf('ana')
withAppStore()

const keys = generateKeyPairSync('ed25519')
const dir = mkdtempSync(join(tmpdir(), 'verity-exam-'))
const today = new Date().toISOString().slice(0, 10)
let packPath: string
let modules: Awaited<ReturnType<typeof load>>

async function load() {
  return {
    build: await import('@/lib/exam/build'),
    verify: await import('@/lib/exam/verify'),
    store: await import('@/lib/store/store'),
    create: await import('@/lib/cases/create'),
    actions: await import('@/lib/cases/actions'),
    appTrail: await import('@/lib/audit/app-trail'),
    record: await import('@/lib/audit/record'),
  }
}

async function makePack(path: string, masked = true, seesReports = false) {
  // As the route does: the pack names trail rows by their place, so what is committed is sealed.
  await modules.appTrail.sealAppTrail()
  const { db } = await modules.store.getStore()
  const stream = modules.build.examPack({
    db,
    auditKey: modules.appTrail.appAuditKey(),
    signingKey: keys.privateKey,
    from: today,
    to: today,
    masked,
    seesReports,
    madeBy: { label: 'lea@verity.test', analystId: 'https://idp.test lea' },
    settings: { CASE_CLOSE_FOUR_EYES: ['true_match'] },
  })
  await pipeline(stream, createWriteStream(path))
}

/** Every file of a ZIP, as text. */
function unzip(path: string): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('not a ZIP'))
      const files = new Map<string, string>()
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (failed, stream) => {
          if (failed || !stream) return reject(failed ?? new Error('unreadable'))
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'))
            zip.readEntry()
          })
        }),
      )
      zip.on('end', () => resolve(files))
      zip.readEntry()
    })
  })
}

async function rezip(files: Map<string, string>, name: string) {
  const zip = new yazl.ZipFile()
  for (const [file, text] of files) zip.addBuffer(Buffer.from(text), file)
  zip.end()
  const path = join(dir, name)
  await pipeline(zip.outputStream, createWriteStream(path))
  return path
}

/** The pack with one file changed by `change`. */
async function tampered(file: string, change: (text: string) => string, name: string) {
  const files = await unzip(packPath)
  files.set(file, change(files.get(file)!))
  return rezip(files, name)
}

const dropLine = (index: number) => (text: string) => {
  const lines = text.split('\n')
  lines.splice(index, 1)
  return lines.join('\n')
}

beforeAll(async () => {
  stubEnv({ ...signInOnEnv(), AUDIT_STDOUT: 'off' })
  modules = await load()
  signedIn.viewer = ana
  const { db } = await modules.store.getStore()
  const now = new Date()
  const ids = [randomUUID(), randomUUID()]
  await db
    .insertInto('history_records')
    .values(
      ids.map((id) => ({
        id,
        event_type: 'DOCVER',
        short_id: `V${id.slice(0, 8)}`,
        status: 'failed',
        at: now,
        payload_state: 'ok' as const,
        error_codes: [],
        first_seen_at: now,
        updated_at: now,
      })),
    )
    .execute()
  const made = await modules.create.createCasesForNewRecords(db, ids)
  for (const id of made) {
    await modules.actions.actOnCase(db, ana, id, { action: 'claim' })
    await modules.actions.actOnCase(db, ana, id, {
      action: 'close',
      outcome: 'no_action_needed',
      reason: 'The document was retaken and passed.\nSee the new check.',
    })
  }
  for (let index = 0; index < 30; index += 1) {
    await modules.record.audit(ana, 'view', { type: 'case', id: String(made[0]) }, 'ok')
  }
  packPath = join(dir, 'pack.zip')
  await makePack(packPath)
}, 60_000)

afterAll(() => {
  vi.unstubAllEnvs()
  rmSync(dir, { recursive: true, force: true })
})

describe('the exam pack', () => {
  it("verifies with only the public key, holding the period's cases, events and trail rows", async () => {
    const verdict = await modules.verify.verifyExamPack(packPath, keys.publicKey)
    expect(verdict).toMatchObject({ ok: true, problems: [] })
    const files = await unzip(packPath)
    expect([...files.keys()]).toEqual([
      'cases.csv',
      'case-events.csv',
      'decisions.csv',
      'qa-draws.csv',
      'qa-population.csv',
      'qa-sample.csv',
      'qa-results.csv',
      'audit-trail.jsonl',
      'manifest.json',
      'manifest.sig',
    ])
    const manifest = JSON.parse(files.get('manifest.json')!) as {
      trail: { rows: number; start: { seq: number }; end: { seq: number } }
      masked: boolean
    }
    expect(manifest.masked).toBe(true)
    expect(manifest.trail.rows).toBeGreaterThanOrEqual(34)
    expect(manifest.trail.end.seq - manifest.trail.start.seq).toBe(manifest.trail.rows)
    const cases = files.get('cases.csv')!.split('\n')
    expect(cases[0]).toMatch(/^case_id,kind,.*close_reason_sha256,.*row_chain$/)
    expect(cases[0]).not.toMatch(/,close_reason,|,name,/)
    // A masked pack holds the reason's digest, never its words.
    expect(files.get('case-events.csv')).not.toContain('retaken')
    expect(files.get('case-events.csv')).toMatch(/closed,in_review|closed,open/)
  })

  it('keeps the words of reasons, one line each, in a pack of unmasked data', async () => {
    const path = join(dir, 'unmasked.zip')
    await makePack(path, false)
    expect((await modules.verify.verifyExamPack(path, keys.publicKey)).ok).toBe(true)
    const events = (await unzip(path)).get('case-events.csv')!
    expect(events).toContain('The document was retaken and passed.\\nSee the new check.')
  })

  it('lists the reports to the FIU only in a pack whose maker may see them', async () => {
    const { db } = await modules.store.getStore()
    const kase = await db.selectFrom('cases').select('id').orderBy('id').executeTakeFirstOrThrow()
    const now = new Date()
    await db
      .insertInto('fiu_reports')
      .values({
        case_id: kase.id,
        code: 'STR',
        state: 'filed',
        drafter_id: 'https://idp.test lea',
        drafter_label: 'lea@verity.test',
        approver_id: 'https://idp.test lou',
        approver_label: 'lou@verity.test',
        fields: JSON.stringify({ subject: { lastName: 'Quartermaine' } }),
        decided_at: now,
        due_at: new Date(now.getTime() + 86_400_000),
        prev_rejected_ref: null,
        fiu_ref: 'FIU-2026-0042',
        filed_at: now,
        answered_at: null,
        approved_xml: '<report/>',
        approved_sha256: 'cd'.repeat(32),
        updated_at: now,
      })
      .execute()
    const path = join(dir, 'lead.zip')
    await makePack(path, true, true)
    expect((await modules.verify.verifyExamPack(path, keys.publicKey)).ok).toBe(true)
    const index = (await unzip(path)).get('fiu-reports.csv')!.split('\n')
    expect(index[0]).toMatch(/^report_id,case_id,code,state_now,drafted_by,approved_by,/)
    expect(index[1]).toContain('FIU-2026-0042')
    expect(index[1]).toContain('cd'.repeat(32))
    expect(index.join('\n')).not.toContain('Quartermaine')
    const auditorPath = join(dir, 'auditor.zip')
    await makePack(auditorPath, true, false)
    expect([...(await unzip(auditorPath)).keys()]).not.toContain('fiu-reports.csv')
  })

  it('fails when one trail row is deleted, naming the row', async () => {
    const files = await unzip(packPath)
    const line = files.get('audit-trail.jsonl')!.split('\n')[5]!
    const seq = (JSON.parse(line.replace(/,"row_chain":"[0-9a-f]+"\}$/, '}')) as { seq: number })
      .seq
    const path = await tampered('audit-trail.jsonl', dropLine(5), 'no-row.zip')
    const verdict = await modules.verify.verifyExamPack(path, keys.publicKey)
    expect(verdict.ok).toBe(false)
    expect(verdict.problems).toEqual(
      expect.arrayContaining([
        `audit-trail.jsonl: trail row ${seq} is missing`,
        'audit-trail.jsonl: line 6 does not follow the line before it: a line was removed, inserted or changed here',
        'audit-trail.jsonl: does not match its SHA-256 in the manifest: the file was changed',
      ]),
    )
  })

  it('fails when one trail row is edited, naming its line', async () => {
    const path = await tampered(
      'audit-trail.jsonl',
      (text) => text.replace(/"outcome":"ok"/, '"outcome":"denied"'),
      'edited-row.zip',
    )
    const verdict = await modules.verify.verifyExamPack(path, keys.publicKey)
    expect(verdict.ok).toBe(false)
    expect(verdict.problems[0]).toMatch(
      /^audit-trail\.jsonl: line \d+ does not follow the line before it/,
    )
  })

  it('fails when a line of a CSV is edited or removed, naming the line', async () => {
    const edited = await tampered(
      'case-events.csv',
      (text) => text.replace(',no_action_needed,', ',false_positive,'),
      'edited-csv.zip',
    )
    const verdict = await modules.verify.verifyExamPack(edited, keys.publicKey)
    expect(verdict.problems[0]).toMatch(
      /^case-events\.csv: line \d+ does not follow the line before it/,
    )
    const removed = await tampered('cases.csv', dropLine(1), 'removed-csv.zip')
    const gone = await modules.verify.verifyExamPack(removed, keys.publicKey)
    expect(gone.problems).toEqual(
      expect.arrayContaining([
        'cases.csv: line 2 does not follow the line before it: a line was removed, inserted or changed here',
      ]),
    )
    expect(
      gone.problems.some((problem) => /cases\.csv: has \d+ lines, the manifest says/.test(problem)),
    ).toBe(true)
  })

  it("fails when the manifest is changed, a file is added or removed, or under another deployment's key", async () => {
    const manifest = await tampered(
      'manifest.json',
      (text) => text.replace(/"rows": \d+/, '"rows": 1'),
      'manifest.zip',
    )
    expect((await modules.verify.verifyExamPack(manifest, keys.publicKey)).problems[0]).toMatch(
      /signature is INVALID/,
    )
    const files = await unzip(packPath)
    files.set('extra.csv', 'a,b\n')
    const extra = await modules.verify.verifyExamPack(
      await rezip(files, 'extra.zip'),
      keys.publicKey,
    )
    expect(extra.problems).toEqual(['extra.csv is in the pack but not in its manifest'])
    files.delete('extra.csv')
    files.delete('decisions.csv')
    const missing = await modules.verify.verifyExamPack(
      await rezip(files, 'missing.zip'),
      keys.publicKey,
    )
    expect(missing.problems).toEqual(['decisions.csv is in the manifest but missing from the pack'])
    const other = generateKeyPairSync('ed25519').publicKey
    expect((await modules.verify.verifyExamPack(packPath, other)).problems).toEqual([
      'the manifest is signed with another key: not a pack of this deployment',
    ])
  })
})
