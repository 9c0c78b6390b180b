// `npm test`: route types; then the unit tests, which need nothing else, for the whole run beside
// the rest: types, lint and formatting side by side, a production build, browser tests. Then each
// step's time and one summary line.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'

import { childCpuSeconds } from './child-cpu.mjs'

// Playwright empties test-results/ when it starts, so the runners' reports go elsewhere.
mkdirSync('test-reports', { recursive: true })
// The build and the browser suite run with a fresh canary key that no output may contain.
const canary = `canary-${randomBytes(12).toString('hex')}`
const steps = []
const output = []
const started = performance.now()

/**
 * Runs one step to its end, through scripts/cpu-time.mjs, which reports the CPU time of the step's
 * processes (steps overlap, so ours would mix them). Its output is collected for the canary scan
 * and printed as it comes (`live`) or in one piece when it ends, so that steps side by side do not
 * interleave their lines.
 */
function step(name, command, args, { env = {}, live = false } = {}) {
  return new Promise((resolve) => {
    const from = performance.now()
    const chunks = []
    let cpu = null
    const child = spawn(process.execPath, ['scripts/cpu-time.mjs', command, ...args], {
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    })
    const keep = (stream) => (chunk) => {
      output.push(chunk)
      if (live) stream.write(chunk)
      else chunks.push(chunk)
    }
    child.stdout.on('data', keep(process.stdout))
    child.stderr.on('data', keep(process.stderr))
    child.stdio[3].on('data', (chunk) => {
      cpu = JSON.parse(chunk.toString()).cpu
    })
    child.on('close', (code) => {
      const seconds = (performance.now() - from) / 1000
      process.stdout.write(`── ${name} (${seconds.toFixed(1)} s)\n`)
      process.stdout.write(Buffer.concat(chunks))
      const result = { name, code: code ?? 1, seconds, cpu }
      steps.push(result)
      resolve(result)
    })
  })
}

// The runtime first: npm puts the project's own Node (the `node` package) ahead of the machine's.
process.stdout.write(`Node.js ${process.version} (${process.execPath})\n`)
// The route types first: tsc and the type-aware lint rules both read them.
await step('typegen', 'npx', ['next', 'typegen'], { live: true })
// The unit tests need neither the route types nor the build: they start now and run beside
// everything else (a worker per core, vitest.config.ts), mostly beside the browser suite, whose
// processes wait on each other more than they compute (it used about one core of two).
const unit = step('unit', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile=test-reports/vitest.json',
])
// Single-threaded checks side by side (oxlint uses both cores for a few seconds). The build comes
// after them, not beside them: it rewrites .next, whose route types they read.
const [typecheck] = await Promise.all([
  step('typecheck', 'node', ['node_modules/typescript7/bin/tsc', '--noEmit']),
  step('lint', 'npm', ['run', '--silent', 'lint']),
  step('format', 'npm', ['run', '--silent', 'format:check']),
])
const built = await step('build', 'npm', ['run', '--silent', 'build'], {
  env: {
    DS_API_KEY: canary,
    // tsc has just checked every file the build compiles; a failure fails the run anyway.
    ...(typecheck.code === 0 ? { VERITY_TYPES_CHECKED: '1' } : {}),
  },
})
if (built.code === 0) {
  await step('browser', 'npx', ['playwright', 'test'], {
    env: { PW_JSON: '1', VERITY_TEST_KEY: canary },
    live: true,
  })
}
await unit

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
const playwright = built.code === 0 ? readJson('test-reports/playwright.json') : null
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky
  failed += playwright.stats.unexpected
}
// Named again at the end, where a log cut to its tail still shows them.
for (const file of vitest?.testResults ?? []) {
  for (const test of file.assertionResults) {
    if (test.status === 'failed') console.log(`failed (unit): ${test.fullName}`)
  }
}
const failedSpecs = (suite) => [
  ...(suite.specs ?? []).filter((spec) => !spec.ok).map((spec) => `${spec.file}: ${spec.title}`),
  ...(suite.suites ?? []).flatMap(failedSpecs),
]
for (const name of (playwright?.suites ?? []).flatMap(failedSpecs)) {
  console.log(`failed (browser): ${name}`)
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
// Wall time of each step and the CPU time of its processes, which a busy machine changes less. The
// unit tests run beside all the others, the three checks beside each other.
console.log('\nstep           wall      cpu')
const cpuText = (value) => (value === null ? '' : `${value.toFixed(1).padStart(7)} s`)
for (const { name, code, seconds, cpu } of steps) {
  console.log(
    `${name.padEnd(10)} ${seconds.toFixed(1).padStart(7)} s ${cpuText(cpu)}${code === 0 ? '' : '  (failed)'}`,
  )
}
const total = (performance.now() - started) / 1000
console.log(`${'total'.padEnd(10)} ${total.toFixed(1).padStart(7)} s ${cpuText(childCpuSeconds())}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed === 0 && steps.every((s) => s.code === 0) ? 0 : 1)
