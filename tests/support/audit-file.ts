import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/* An audit log file as the tests read it, and the verifier an operator runs on it. */

const root = fileURLToPath(new URL('../..', import.meta.url))

/** The file's lines, parsed; none while an instance has not written it yet. */
export function auditLines(file: string): Record<string, unknown>[] {
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

/** Runs `npm run audit:verify` on a file: exit status and what it printed. */
export function verifyAuditFile(file: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/audit-verify.ts', file], {
    cwd: root,
    encoding: 'utf8',
    timeout: 15_000,
  })
}
