// `npm run bench` runs this first: the bench's own dependencies (Lighthouse, autocannon), which the
// project's install leaves out (npm test never uses them; they were a fifth of its lockfile), are
// installed into tools/bench/node_modules from tools/bench/package-lock.json on first use, and again
// whenever that lockfile changes. The bench's code takes everything else from the project's install.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const dir = fileURLToPath(new URL('.', import.meta.url))
const stamp = join(dir, 'node_modules', '.installed-from-lockfile')
const lockfile = createHash('sha256')
  .update(readFileSync(join(dir, 'package-lock.json')))
  .digest('hex')

const installed = (() => {
  try {
    return readFileSync(stamp, 'utf8')
  } catch {
    return null
  }
})()

if (installed !== lockfile) {
  console.log('bench: installing its own dependencies (tools/bench/package-lock.json)')
  const npm = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' })
  if (npm.status !== 0) process.exit(npm.status ?? 1)
  writeFileSync(stamp, lockfile)
}
