import { spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { freePort } from '@/tools/harness/free-port'

/*
 * A PostgreSQL server of the test's own (Debian's `postgresql` package; .ci/run installs it): a new
 * cluster made with initdb in a temporary directory, listening on a free loopback port, stopped and
 * removed by `stop` (pg_ctl stops the server of that data directory only). Run as the `postgres` user when the tests run as root, as initdb demands.
 */

const ROOT = '/usr/lib/postgresql'

/** The newest installed server's bin directory, or null when there is none. */
export function postgresBin(): string | null {
  if (!existsSync(ROOT)) return null
  const versions = readdirSync(ROOT)
    .filter((name) => existsSync(join(ROOT, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? join(ROOT, versions[0], 'bin') : null
}

export type Postgres = {
  url: string
  /** The postmaster's. */
  pid: number
  logs: () => string
  stop: () => void
}

function run(command: string, args: string[], asPostgres: boolean) {
  const [file, argv] = asPostgres
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args]
  const result = spawnSync(file, argv, { encoding: 'utf8', timeout: 60_000 })
  if (result.status !== 0) {
    throw new Error(`${command} failed (${result.status}):\n${result.stdout}\n${result.stderr}`)
  }
}

/**
 * A server set up for a mirror of a million records, as docs/operations.md advises: shared buffers
 * that hold its tables and indexes (about 2 GB), and room for the write-ahead log between
 * checkpoints. The defaults (128 MB, 1 GB) suit the tests' small stores; at a million records the
 * first sent the backfill's index writes through the kernel's cache, and the second made a
 * checkpoint every few seconds, after which each index page's first change is logged whole.
 */
export const SIZED_FOR_A_MILLION = {
  shared_buffers: '2GB',
  max_wal_size: '8GB',
  checkpoint_timeout: '30min',
}

/** `settings` are server parameters (`-c name=value`) beyond the harness's own. */
export async function startPostgres(settings: Record<string, string> = {}): Promise<Postgres> {
  const bin = postgresBin()
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql)')
  const asPostgres = process.getuid?.() === 0
  const dir = mkdtempSync(join(tmpdir(), 'verity-pg-'))
  if (asPostgres) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim())
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim())
    chownSync(dir, uid, gid)
  }
  const data = join(dir, 'data')
  const port = await freePort()
  run(
    join(bin, 'initdb'),
    ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync'],
    asPostgres,
  )
  const log = join(dir, 'server.log')
  const options = [
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`,
    ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`),
  ].join(' ')
  run(join(bin, 'pg_ctl'), ['-D', data, '-l', log, '-o', options, '-w', 'start'], asPostgres)
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pid: Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    logs: () => (existsSync(log) ? readFileSync(log, 'utf8') : ''),
    stop: () => {
      try {
        run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop'], asPostgres)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
