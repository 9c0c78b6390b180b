import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

/*
 * The framework's floor for Lighthouse: a bare, dynamically rendered Next.js page with one link,
 * built with this project's own next and react, no app code. Its score is what this machine
 * gives the framework alone, and the Verity pages are read against it. Built in a temporary
 * directory (about ten seconds) and removed at the end of the run.
 */

const files: Record<string, string> = {
  'package.json': '{ "name": "verity-bench-floor", "private": true }\n',
  // The root is the file system's so that the linked node_modules resolve through the symlink.
  'next.config.js': "module.exports = { turbopack: { root: '/' } }\n",
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
