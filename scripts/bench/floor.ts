import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

/*
 * The framework's floor, built with this project's own next, react and undici and no app code:
 * a bare, dynamically rendered page with one link (for Lighthouse), a route answering fixed JSON,
 * and a route making one bare undici call to the simulator (for the proxy cost). What this
 * machine gives the framework alone, against which Verity's figures are read. Built in a
 * temporary directory (about ten seconds) and removed at the end of the run.
 */

const files: Record<string, string> = {
  'package.json': '{ "name": "verity-bench-floor", "private": true }\n',
  // The root is the file system's so that the linked node_modules resolve through the symlink.
  'next.config.js':
    "module.exports = { turbopack: { root: '/' }, serverExternalPackages: ['undici'] }\n",
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
}

export type Floor = { dir: string; remove: () => void }

export async function buildFloor(): Promise<Floor> {
  const dir = mkdtempSync(join(tmpdir(), 'verity-floor-'))
  const remove = () => rmSync(dir, { recursive: true, force: true })
  try {
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(join(dir, path, '..'), { recursive: true })
      writeFileSync(join(dir, path), content)
    }
    symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir')
    let output = ''
    const code = await new Promise<number>((done) => {
      const child = spawn(process.execPath, [resolve('node_modules/next/dist/bin/next'), 'build'], {
        cwd: dir,
        env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000))
      child.stdout.on('data', keep)
      child.stderr.on('data', keep)
      child.on('exit', (exitCode) => done(exitCode ?? 1))
    })
    if (code !== 0) throw new Error(`Building the framework-floor app failed:\n${output}`)
    return { dir, remove }
  } catch (error) {
    remove()
    throw error
  }
}
