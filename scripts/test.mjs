// `npm test`: types, lint, formatting, unit tests, a production build, browser tests; then each
// step's time and one summary line.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'

import { run } from './processes.mjs'

// Playwright empties test-results/ when it starts, so the runners' reports go elsewhere.
mkdirSync('test-reports', { recursive: true })
// The build and the browser suite run with a fresh canary key that no output may contain.
const canary = `canary-${randomBytes(12).toString('hex')}`
const steps = []
const output = []
const started = performance.now()
const step = async (name, command, args, env) => {
  const from = performance.now()
  const code = await run(command, args, env, output)
  steps.push({ name, code, seconds: (performance.now() - from) / 1000 })
  return code
}

await step('typecheck', 'npm', ['run', '--silent', 'typecheck'])
await step('lint', 'npm', ['run', '--silent', 'lint'])
await step('format', 'npm', ['run', '--silent', 'format:check'])
await step('unit', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile=test-reports/vitest.json',
])
const built = await step('build', 'npm', ['run', '--silent', 'build'], { DS_API_KEY: canary })
if (built === 0) {
  await step('browser', 'npx', ['playwright', 'test'], { PW_JSON: '1', VERITY_TEST_KEY: canary })
}

let passed = 0
let failed = 0
// Every log line of the build, the servers and the tests: the key must appear in none of them.
if (Buffer.concat(output).includes(canary)) {
  console.log('FAILED: the canary API key appears in the output of the build or the test servers')
  failed += 1
} else {
  console.log('canary API key: absent from every log line of the build and the test servers')
}
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null)
const vitest = readJson('test-reports/vitest.json')
if (vitest) {
  passed += vitest.numPassedTests
  failed += vitest.numFailedTests
}
const playwright = built === 0 ? readJson('test-reports/playwright.json') : null
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky
  failed += playwright.stats.unexpected
}
// A step that failed without a failing test (lint, types, build, a crashed runner) counts as one.
for (const { name, code } of steps) {
  const counted =
    (name === 'unit' && vitest?.numFailedTests) ||
    (name === 'browser' && playwright?.stats.unexpected)
  if (code !== 0 && !counted) {
    console.log(`step failed: ${name}`)
    failed += 1
  }
}
console.log('')
for (const { name, code, seconds } of steps) {
  console.log(
    `${name.padEnd(10)} ${seconds.toFixed(1).padStart(6)} s${code === 0 ? '' : '  (failed)'}`,
  )
}
console.log(
  `${'total'.padEnd(10)} ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`,
)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed === 0 && steps.every((s) => s.code === 0) ? 0 : 1)
