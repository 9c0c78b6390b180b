import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto'

/*
 * The exam pack's format, shared by the server that makes it and the verifier that checks it with
 * only the public key (docs/exam.md). Every data file is made of lines, each carrying a running
 * SHA-256 of the file so far (`row_chain`): the manifest signs each file's hash, its lines and its
 * last link, so a removed or edited line is found and named, not only noticed. The manifest is
 * signed with the deployment's Ed25519 evidence key, under a context of its own so no other
 * signed Verity file can pass for a manifest.
 */

export const PACK_FORMAT = 'verity-exam-pack/1'
export const MANIFEST = 'manifest.json'
export const SIGNATURE = 'manifest.sig'
export const TRAIL_FILE = 'audit-trail.jsonl'
export const CHAIN_COLUMN = 'row_chain'

const CONTEXT = Buffer.from('verity exam pack manifest v1\n')

/** Where a file's chain of lines starts: its own name, so lines cannot move between files. */
export function chainStart(file: string) {
  return createHash('sha256').update(`verity exam pack file\n${file}`).digest('hex')
}

/** The link of one line: the link before it and the line's content (the line without its link). */
export function nextLink(previous: string, content: string) {
  return createHash('sha256').update(`${previous}\n${content}`).digest('hex')
}

/** A CSV line's content and link: the link is its last cell. */
export function splitCsvLine(line: string): { content: string; link: string } | null {
  const at = line.lastIndexOf(',')
  if (at < 0) return null
  return { content: line.slice(0, at), link: line.slice(at + 1) }
}

const JSON_LINK = ',"row_chain":"'

/** A trail line is a JSON object whose last member is its link. */
export function splitJsonLine(line: string): { content: string; link: string } | null {
  const at = line.lastIndexOf(JSON_LINK)
  if (at < 0 || !line.endsWith('"}')) return null
  return { content: `${line.slice(0, at)}}`, link: line.slice(at + JSON_LINK.length, -2) }
}

export function joinJsonLine(json: string, link: string) {
  return `${json.slice(0, -1)}${JSON_LINK}${link}"}`
}

export type Cell = string | number | boolean | Date | null | undefined

/**
 * One CSV cell (RFC 4180). A line break inside a value is written as the two characters `\n`, so
 * one line is one row; a text a spreadsheet would run as a formula gets an apostrophe.
 */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString()
  if (typeof value !== 'string') return String(value)
  const flat = value.replace(/\r\n|\r|\n/g, '\\n')
  const text = /^[=+\-@\t]/.test(flat) ? `'${flat}` : flat
  return /[",]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** The cells of one CSV line as `csvCell` wrote them (quotes undone; an apostrophe kept). */
export function parseCsvLine(line: string): string[] {
  const cells: string[] = []
  let at = 0
  for (;;) {
    if (line[at] === '"') {
      let text = ''
      at += 1
      for (;;) {
        const quote = line.indexOf('"', at)
        if (quote < 0) return [...cells, text + line.slice(at)]
        text += line.slice(at, quote)
        if (line[quote + 1] === '"') {
          text += '"'
          at = quote + 2
        } else {
          at = quote + 1
          break
        }
      }
      cells.push(text)
    } else {
      const comma = line.indexOf(',', at)
      cells.push(comma < 0 ? line.slice(at) : line.slice(at, comma))
      if (comma < 0) return cells
      at = comma
    }
    if (line[at] !== ',') return cells
    at += 1
  }
}

export type ChainPosition = { seq: number; hash: string }

export type PackFile = {
  name: string
  sha256: string
  bytes: number
  /** Data lines (the header is not one). */
  lines: number
  /** The link of the last line; the file's start link when it has none. */
  lastLink: string
}

export type Manifest = {
  format: typeof PACK_FORMAT
  period: { from: string; to: string }
  madeAt: string
  madeBy: { label: string; analystId: string }
  /** Masked: no applicant names, reasons only as their SHA-256. */
  masked: boolean
  files: PackFile[]
  trail: {
    rows: number
    /** The row before the period's first (its hash is the first row's prevHash), and the last. */
    start: ChainPosition
    end: ChainPosition
    /** The server's check of the rows' HMAC chain under the audit key while it packed them. */
    serverCheck: { ok: true } | { ok: false; seq: number; reason: string }
  }
  /** The settings in force when the pack was made (the store keeps no history of them). */
  settings: Record<string, unknown>
}

export type ManifestSignature = { alg: 'Ed25519'; key: string; value: string }

/** The first 16 hex digits of the SHA-256 of the public key (SPKI DER), as evidence packs name it. */
export function keyIdOf(key: KeyObject) {
  const pub = key.type === 'public' ? key : createPublicKey(key)
  const spki = pub.export({ type: 'spki', format: 'der' })
  return createHash('sha256').update(spki).digest('hex').slice(0, 16)
}

export function signManifest(bytes: Uint8Array, privateKey: KeyObject): ManifestSignature {
  const value = sign(null, Buffer.concat([CONTEXT, bytes]), privateKey).toString('base64')
  return { alg: 'Ed25519', key: keyIdOf(privateKey), value }
}

export function checkManifestSignature(
  bytes: Uint8Array,
  signature: ManifestSignature,
  publicKey: KeyObject,
): 'valid' | 'invalid' | 'other_key' {
  if (signature.key !== keyIdOf(publicKey)) return 'other_key'
  const ok = verify(
    null,
    Buffer.concat([CONTEXT, bytes]),
    publicKey,
    Buffer.from(signature.value, 'base64'),
  )
  return ok ? 'valid' : 'invalid'
}
