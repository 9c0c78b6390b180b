import type { AuditHead, AuditRecord } from './chain'

/*
 * An exported trail (`npm run audit:export`): one JSON line per row, in sequence order, closed by
 * the head record as it was when the export started.
 */

type TrailFile =
  | { ok: true; records: AuditRecord[]; head: AuditHead | null }
  | { ok: false; line: number; reason: string }

export function parseTrailFile(text: string): TrailFile {
  const lines = text.split('\n')
  if (lines.at(-1) === '') lines.pop()
  const records: AuditRecord[] = []
  let head: AuditHead | null = null
  for (const [index, line] of lines.entries()) {
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      return { ok: false, line: index + 1, reason: 'not JSON' }
    }
    const item = value as { log?: unknown; seq?: unknown; hash?: unknown; mac?: unknown }
    if (head) return { ok: false, line: index + 1, reason: 'a line after the head record' }
    if (item.log === 'audit-head') {
      head = { seq: Number(item.seq), hash: String(item.hash), mac: String(item.mac) }
    } else if (item.log === 'audit' && typeof item.seq === 'number') {
      records.push(value as AuditRecord)
    } else {
      return { ok: false, line: index + 1, reason: 'not an audit row' }
    }
  }
  return { ok: true, records, head }
}
