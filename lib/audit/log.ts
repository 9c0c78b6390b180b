import 'server-only'

import { appendFileSync, closeSync, existsSync, openSync, readSync, statSync } from 'node:fs'

import { getEnv } from '@/lib/env'

import { chain, GENESIS_HASH, lastHash, type AuditEntry } from './chain'

/*
 * One JSON line per audited event, to standard output and, with AUDIT_LOG_FILE, appended to a
 * file. Writes are synchronous so lines keep their order and a failed write fails the request
 * instead of letting an unrecorded view through. The chain position lives on globalThis because
 * the server may load this module once per route bundle, and they must all extend one chain.
 */

const TAIL_BYTES = 64 * 1024
const state = globalThis as typeof globalThis & { [key: symbol]: { prevHash: string } | undefined }
const KEY = Symbol.for('verity.audit-chain')

function readTail(file: string) {
  if (!existsSync(file)) return ''
  const size = statSync(file).size
  const length = Math.min(size, TAIL_BYTES)
  const buffer = Buffer.alloc(length)
  const fd = openSync(file, 'r')
  try {
    readSync(fd, buffer, 0, length, size - length)
  } finally {
    closeSync(fd)
  }
  return buffer.toString('utf8')
}

export function writeAudit(entry: AuditEntry) {
  const file = getEnv().AUDIT_LOG_FILE
  // A restarted server continues the file's chain rather than starting a second one in it.
  const position = (state[KEY] ??= { prevHash: file ? lastHash(readTail(file)) : GENESIS_HASH })
  const record = chain(position.prevHash, entry)
  const line = `${JSON.stringify(record)}\n`
  if (file) appendFileSync(file, line, { mode: 0o600 })
  process.stdout.write(line)
  position.prevHash = record.hash
  return record
}
