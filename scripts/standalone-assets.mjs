// After `next build`: the standalone server serves static assets only from beside itself.
import { cpSync, existsSync } from 'node:fs'
import { join } from 'node:path'

const dist = process.env.NEXT_DIST_DIR || '.next'
const target = join(dist, 'standalone')
if (!existsSync(target)) {
  console.error(`${target} is missing: run next build first`)
  process.exit(1)
}
cpSync(join(dist, 'static'), join(target, dist, 'static'), { recursive: true })
if (existsSync('public')) cpSync('public', join(target, 'public'), { recursive: true })
console.log(`standalone server ready: node ${join(target, 'server.js')}`)
