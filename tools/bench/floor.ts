import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

/*
 * The framework's floor, built with this project's own next, react and undici and no app code:
 * a bare, dynamically rendered page with one link (for Lighthouse), a route answering fixed JSON,
 * a route making one bare undici call to the simulator (what the audit guarantee costs is read
 * against it), and the audited floor: the same call plus one committed INSERT of a row the size of
 * an audit row, into the same kind of store as Verity's in that run (PGlite in the server's own
 * process, or the PostgreSQL server of DATABASE_URL), before it answers. The least any route can
 * do that reads upstream and leaves a committed audit row first. Built in a temporary directory
 * (about ten seconds) and removed at the end of the run.
 */

/**
 * The audited floor's two steps as module source: `floorCall()`, one bare undici call to the
 * simulator, and `floorCommit(resourceId)`, one committed INSERT of a row of an audit row's size
 * into the store in FLOOR_DATA_DIR (or DATABASE_URL's server), one per process whichever module
 * asks. Shared with guarantees.ts, which puts them beside Verity's own steps.
 */
export function auditedFloorParts() {
  return `import { Agent, request } from 'undici'
import { randomUUID } from 'node:crypto'
const dispatcher = new Agent({ connections: 64, keepAliveTimeout: 10_000 })
const TABLE = \`create table if not exists bench_floor_audit (
  seq bigserial primary key, at timestamptz not null, user_label text not null, analyst_id text,
  action text not null, resource_type text not null, resource_id text, field text, reason text,
  request_id text not null, client_request_id text, outcome text not null, prev_hash text not null,
  hash text not null)\`
const INSERT = \`insert into bench_floor_audit (at, user_label, analyst_id, action, resource_type,
  resource_id, field, reason, request_id, client_request_id, outcome, prev_hash, hash)
  values ($1, $2, $3, $4, $5, $6, null, null, $7, null, $8, $9, $10)\`
async function open() {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg')
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL })
    await pool.query(TABLE)
    return (values) => pool.query(INSERT, values)
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const lite = await PGlite.create(process.env.FLOOR_DATA_DIR)
  await lite.exec(TABLE)
  return (values) => lite.query(INSERT, values)
}
// Opened on the first request, not when the build loads the module.
const STORE = Symbol.for('verity-bench.floor-store')
// A row of an audit row's sizes: who (label, issuer and subject), what, the request and the chain.
const HASH = 'f'.repeat(64)
async function floorCall() {
  const response = await request(process.env.FLOOR_UPSTREAM_URL, {
    headers: { 'ds-api-token': process.env.FLOOR_UPSTREAM_KEY, accept: 'application/json' },
    dispatcher,
  })
  return JSON.parse(await response.body.text())
}
// Autocommit: the row is committed when the statement returns, before the answer.
async function floorCommit(resourceId) {
  const insert = await (globalThis[STORE] ??= open())
  await insert([new Date(), 'Ana Analyst', 'http://127.0.0.1:40000|ana', 'view', 'profile',
    resourceId, randomUUID(), 'ok', HASH, HASH])
}`
}

const files: Record<string, string> = {
  'package.json': '{ "name": "verity-bench-floor", "private": true }\n',
  // The root is the file system's so that the linked node_modules resolve through the symlink.
  'next.config.js':
    "module.exports = { turbopack: { root: '/' }, serverExternalPackages: ['undici', 'pg', '@electric-sql/pglite'] }\n",
  'app/layout.jsx': `export const metadata = { title: 'Floor' }
export default function RootLayout({ children }) {
  return <html lang="en"><body>{children}</body></html>
}
`,
  'app/page.jsx': `import Link from 'next/link'
export const dynamic = 'force-dynamic'
export default function Page() {
  return (
    <main>
      <h1>Framework floor</h1>
      <p>A bare Next.js page, rendered per request, with no application code.</p>
      <Link href="/">Home</Link>
    </main>
  )
}
`,
  'app/api/ping/route.js': `export const dynamic = 'force-dynamic'
export function GET() {
  return Response.json({ status: 'ok' })
}
`,
  'app/api/upstream/route.js': `import { Agent, request } from 'undici'
export const dynamic = 'force-dynamic'
const dispatcher = new Agent({ connections: 64, keepAliveTimeout: 10_000 })
export async function GET() {
  const response = await request(process.env.FLOOR_UPSTREAM_URL, {
    headers: { 'ds-api-token': process.env.FLOOR_UPSTREAM_KEY, accept: 'application/json' },
    dispatcher,
  })
  return Response.json(JSON.parse(await response.body.text()))
}
`,
  'app/api/audited/route.js': `${auditedFloorParts()}
export const dynamic = 'force-dynamic'
export async function GET() {
  const body = await floorCall()
  await floorCommit(body.profile_id ?? null)
  return Response.json(body)
}
`,
}

export type Floor = { dir: string; remove: () => void }

export function buildFloor(): Promise<Floor> {
  return buildInTemporaryDir('verity-floor-', 'the framework-floor app', (dir) => {
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(join(dir, path, '..'), { recursive: true })
      writeFileSync(join(dir, path), content)
    }
  })
}

/**
 * `next build` (with `env`) of the app that `write` puts in a new temporary directory, with this
 * checkout's node_modules linked in (the app's next.config.js must set `turbopack.root` to '/' to resolve
 * through the link); removed on failure, else by the caller.
 */
export async function buildInTemporaryDir(
  prefix: string,
  what: string,
  write: (dir: string) => void,
  env: Record<string, string> = {},
): Promise<Floor> {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  const remove = () => rmSync(dir, { recursive: true, force: true })
  try {
    write(dir)
    symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir')
    let output = ''
    const code = await new Promise<number>((done) => {
      const child = spawn(process.execPath, [resolve('node_modules/next/dist/bin/next'), 'build'], {
        cwd: dir,
        env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000))
      child.stdout.on('data', keep)
      child.stderr.on('data', keep)
      child.on('exit', (exitCode) => done(exitCode ?? 1))
    })
    if (code !== 0) throw new Error(`Building ${what} failed:\n${output}`)
    return { dir, remove }
  } catch (error) {
    remove()
    throw error
  }
}
