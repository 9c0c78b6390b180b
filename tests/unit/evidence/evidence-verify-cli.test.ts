import { spawnSync } from 'node:child_process'
import { generateKeyPairSync } from 'node:crypto'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { auditKey } from '@/lib/audit/key'
import { createAuditWriter, sealGenesis } from '@/lib/audit/trail'
import { deploymentId, packField, sha256 } from '@/lib/evidence/deployment'
import { layoutPdf } from '@/lib/evidence/pdf'
import { signJson, signPdf } from '@/lib/evidence/signature'
import { verificationPack } from '@/tests/unit/helpers/evidence-pack'
import { openTestStore } from '@/tests/unit/helpers/test-store'

/*
 * `npm run evidence:verify` against a store that recorded one pack, signed with the key of
 * EVIDENCE_SIGNING_KEY: the files as made pass both checks, a changed byte and a stranger fail,
 * each with its sentence and exit code.
 */

const root = fileURLToPath(new URL('../../..', import.meta.url))
const AUDIT_HMAC_KEY = 'unit-test-evidence-key-that-is-long-enough-0123'
const { key } = auditKey({ AUDIT_HMAC_KEY }, '/nonexistent')

const { privateKey } = generateKeyPairSync('ed25519')
const EVIDENCE_SIGNING_KEY = privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64')

let store: Awaited<ReturnType<typeof openTestStore>>
let pdfPath = ''
let jsonPath = ''
let seq = 0

beforeAll(async () => {
  store = await openTestStore()
  await sealGenesis(store.db, key)
  const pack = verificationPack('VCLI0000000000001', deploymentId(key))
  const json = signJson(`${JSON.stringify(pack, null, 2)}\n`, privateKey)
  const pdf = layoutPdf(pack, sha256(json))
  let bytes: Buffer = Buffer.alloc(0)
  const row = await createAuditWriter(store, key).appendMade(async (given) => {
    bytes = signPdf(await pdf.finish(given), privateKey)
    return {
      time: new Date().toISOString(),
      user: 'ana@verity.test',
      action: 'export',
      resource: { type: 'verification', id: 'VCLI0000000000001' },
      field: packField(false, sha256(bytes), sha256(json)),
      requestId: 'req-cli',
      outcome: 'ok',
    }
  })
  seq = row.seq
  pdfPath = join(store.dir, 'pack.pdf')
  jsonPath = join(store.dir, 'pack.json')
  writeFileSync(pdfPath, bytes)
  writeFileSync(jsonPath, json)
  const changed = Buffer.from(bytes)
  changed[Math.floor(changed.length / 2)]! ^= 0x01
  writeFileSync(join(store.dir, 'changed.pdf'), changed)
  // The embedded store serves one process: the command reads it once it is released.
  await store.release()
}, 60_000)

afterAll(async () => {
  store = await openTestStore(store.dir)
  await store.close()
})

function verify(args: string[], dataDir = store.dir) {
  return spawnSync(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'scripts/evidence-verify.ts', ...args],
    {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        ...process.env,
        VERITY_DATA_DIR: dataDir,
        AUDIT_HMAC_KEY,
        EVIDENCE_SIGNING_KEY,
        DATABASE_URL: '',
      },
    },
  )
}

describe('npm run evidence:verify', () => {
  it('accepts the PDF and the JSON as made, naming their row', () => {
    const result = verify([pdfPath, jsonPath])
    expect(result.stdout).toContain(
      `pack.pdf: audit trail: Byte for byte the PDF recorded in audit row ${seq}`,
    )
    expect(result.stdout).toContain(
      `pack.json: audit trail: Byte for byte the JSON recorded in audit row ${seq}`,
    )
    expect(result.stdout).toContain('the audit chain verifies (1 row)')
    expect(result.stdout).toContain('pack.pdf: signature valid')
    expect(result.stdout).toContain('pack.json: signature valid')
    expect(result.stdout).toContain(
      'Checked the signature (public key from EVIDENCE_SIGNING_KEY) and the audit trail: passed.',
    )
    expect(result.status).toBe(0)
  }, 90_000)

  it('refuses a changed byte and a file that is no pack', () => {
    const changed = verify([join(store.dir, 'changed.pdf')])
    expect(changed.stdout).toContain(`says it is a pack of this Verity (audit row ${seq})`)
    expect(changed.stdout).toContain('changed.pdf: signature INVALID')
    expect(changed.status).toBe(1)
    const stranger = verify([join(root, 'package.json')])
    expect(stranger.stdout).toContain('Not an evidence pack Verity knows')
    expect(stranger.stdout).toContain('package.json: no signature')
    expect(stranger.status).toBe(1)
  }, 90_000)

  it('never makes a store where none exists (#54 item 11)', () => {
    const nowhere = join(store.dir, 'no-store-here')
    const result = verify([pdfPath], nowhere)
    expect(result.stdout).toContain(
      `Audit trail not checked: no store at VERITY_DATA_DIR ${nowhere}`,
    )
    expect(result.stdout).toContain('pack.pdf: signature valid')
    expect(result.status).toBe(0)
    expect(existsSync(nowhere)).toBe(false)
  }, 90_000)
})
