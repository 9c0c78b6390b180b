import 'server-only'

import { createHash, type KeyObject } from 'node:crypto'
import { Readable } from 'node:stream'

import type { Kysely } from 'kysely'
import yazl from 'yazl'

import { verifyTrail, type AuditRecord, type ChainPosition } from '@/lib/audit/chain'
import { readRecords } from '@/lib/audit/trail'
import { periodRows, positionBefore } from '@/lib/audit/trail-period'
import type { Database } from '@/lib/store/schema'

import {
  chainStart,
  CHAIN_COLUMN,
  csvCell,
  joinJsonLine,
  MANIFEST,
  nextLink,
  PACK_FORMAT,
  SIGNATURE,
  signManifest,
  TRAIL_FILE,
  type Manifest,
  type PackFile,
} from './format'
import { examSources, headerOf, type Period } from './sources'

/*
 * The exam pack of a period as a ZIP stream (docs/exam.md). Every file is written as it is read,
 * page by page, and hashed on the way; yazl takes one file at a time, pulling the next chunk only
 * when the last is compressed and sent, so however long the period, the server holds a page of
 * rows and a chunk of output, never the pack. The manifest comes last, when every file's hash is
 * known, and is signed with the deployment's evidence key.
 */

type Db = Kysely<Database>

export type PackInput = {
  db: Db
  auditKey: Uint8Array
  signingKey: KeyObject
  /** The first and last day of the period, YYYY-MM-DD (UTC), both included. */
  from: string
  to: string
  masked: boolean
  /** Whether the maker may see reports to the FIU (a lead): their index is in the pack then. */
  seesReports: boolean
  madeBy: { label: string; analystId: string }
  settings: Record<string, unknown>
}

const CHUNK = 64 * 1024
const DAY = 86_400_000

export function periodOf(from: string, to: string): Period {
  return {
    start: new Date(`${from}T00:00:00Z`),
    end: new Date(Date.parse(`${to}T00:00:00Z`) + DAY),
  }
}

type Lines = {
  name: string
  header: string | null
  contents: AsyncIterable<string>
  join: (content: string, link: string) => string
}

/** A file's bytes: each line with its link, hashed as they go out; `done` gets its manifest entry. */
async function* fileBytes(file: Lines, done: (entry: PackFile) => void) {
  const hash = createHash('sha256')
  let bytes = 0
  let lines = 0
  let link = chainStart(file.name)
  let chunk = file.header === null ? '' : `${file.header}\n`
  const emit = () => {
    const buffer = Buffer.from(chunk)
    hash.update(buffer)
    bytes += buffer.length
    chunk = ''
    return buffer
  }
  for await (const content of file.contents) {
    link = nextLink(link, content)
    lines += 1
    chunk += `${file.join(content, link)}\n`
    if (chunk.length >= CHUNK) yield emit()
  }
  if (chunk.length > 0) yield emit()
  done({ name: file.name, sha256: hash.digest('hex'), bytes, lines, lastLink: link })
}

type TrailState = {
  rows: number
  start: ChainPosition
  end: ChainPosition
  serverCheck: Manifest['trail']['serverCheck']
}

/**
 * The period's rows of the audit trail as exported (`npm run audit:export`'s lines), checked under
 * the audit key a page at a time with the trail's own verifier as they are packed.
 */
async function* trailLines(db: Db, key: Uint8Array, period: Period, state: TrailState) {
  const bounds = await periodRows(db, period.start, period.end)
  if (!bounds) {
    state.start = state.end = await positionBefore(db, period.start)
    return
  }
  let position: ChainPosition | null = null
  let batch: AuditRecord[] = []
  const check = async () => {
    if (state.serverCheck.ok && position && batch.length > 0) {
      const verified = await verifyTrail(key, batch, null, position)
      state.serverCheck = verified.ok
        ? { ok: true }
        : { ok: false, seq: verified.seq, reason: verified.reason }
      if (verified.ok) position = verified.last
    }
    batch = []
  }
  for await (const record of readRecords(db, bounds.first - 1, bounds.last)) {
    if (!position) position = state.start = { seq: record.seq - 1, hash: record.prevHash }
    batch.push(record)
    state.rows += 1
    state.end = { seq: record.seq, hash: record.hash }
    yield JSON.stringify(record)
    if (batch.length >= 1_000) await check()
  }
  await check()
}

async function* csvContents(
  rows: AsyncIterable<(string | number | boolean | Date | null | undefined)[]>,
) {
  for await (const cells of rows) yield cells.map(csvCell).join(',')
}

/** The pack as a stream of ZIP bytes; a failure while reading ends it with that error. */
export function examPack(input: PackInput): Readable {
  const period = periodOf(input.from, input.to)
  const zip = new yazl.ZipFile()
  const output = zip.outputStream as Readable
  const files: PackFile[] = []
  const madeAt = new Date()
  const fail = (error: unknown) =>
    output.destroy(error instanceof Error ? error : new Error(String(error)))
  const add = (name: string, bytes: () => AsyncIterable<Buffer> | Iterable<Buffer>) =>
    zip.addReadStreamLazy(name, { mtime: madeAt }, (callback) => {
      const stream = Readable.from(bytes(), { objectMode: false })
      stream.on('error', fail)
      callback(null, stream)
    })

  for (const source of examSources) {
    if (source.reportsOnly && !input.seesReports) continue
    const header = [...headerOf(source, input.masked), CHAIN_COLUMN].join(',')
    add(source.name, () =>
      fileBytes(
        {
          name: source.name,
          header,
          contents: csvContents(source.rows(input.db, period, input.masked)),
          join: (content, link) => `${content},${link}`,
        },
        (entry) => files.push(entry),
      ),
    )
  }
  const trail: TrailState = {
    rows: 0,
    start: { seq: 0, hash: '' },
    end: { seq: 0, hash: '' },
    serverCheck: { ok: true },
  }
  add(TRAIL_FILE, () =>
    fileBytes(
      {
        name: TRAIL_FILE,
        header: null,
        contents: trailLines(input.db, input.auditKey, period, trail),
        join: joinJsonLine,
      },
      (entry) => files.push(entry),
    ),
  )

  let manifestBytes: Buffer | null = null
  add(MANIFEST, function* () {
    const manifest: Manifest = {
      format: PACK_FORMAT,
      period: { from: input.from, to: input.to },
      madeAt: madeAt.toISOString(),
      madeBy: input.madeBy,
      masked: input.masked,
      files,
      trail,
      settings: input.settings,
    }
    manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`)
    yield manifestBytes
  })
  add(SIGNATURE, function* () {
    if (!manifestBytes) throw new Error('the manifest is signed after it is written')
    yield Buffer.from(`${JSON.stringify(signManifest(manifestBytes, input.signingKey))}\n`)
  })
  zip.end()
  return output
}
