import 'server-only'

import { readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/*
 * PGlite serves one process per data directory, and a second one would corrupt it. The pid file
 * turns that mistake into a refusal that says which process holds the directory; a file left by a
 * process that no longer runs is taken over.
 */

function alive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export function lockDataDir(dir: string): () => void {
  const file = join(dir, 'verity.pid')
  const mine = String(process.pid)
  try {
    writeFileSync(file, mine, { flag: 'wx', mode: 0o600 })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    const holder = Number(readFileSync(file, 'utf8').trim())
    if (holder && holder !== process.pid && alive(holder)) {
      throw new Error(
        `it is in use by process ${holder}; the embedded database serves one process per data directory (give each instance its own VERITY_DATA_DIR, or set DATABASE_URL)`,
      )
    }
    writeFileSync(file, mine, { mode: 0o600 })
  }
  const release = () => {
    try {
      if (readFileSync(file, 'utf8').trim() === mine) unlinkSync(file)
    } catch {
      // Already gone.
    }
  }
  process.once('exit', release)
  return release
}
