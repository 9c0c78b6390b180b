// `npm test`: route types, then types, lint, formatting and unit tests side by side, a production
// build, browser tests; then each step's time and one summary line.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'

import { run } from '../tools/harness/run.mjs'

// Playwright empties test-results/ when it starts, so the runners' reports go elsewhere.
mkdirSync('test-reports', { recursive: true })
// The build and the browser suite run with a fresh canary key that no output may contain.
const canary = `canary-${randomBytes(12).toString('hex')}`
const steps = []
const output = []
const started = performance.now()

/** CPU seconds used by the children that have ended so far (Linux; null elsewhere). */
function childCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')
    // cutime and cstime, fields 16 and 17 of stat(5), in clock ticks (100 per second on Linux).
    return (Number(fields[13]) + Number(fields[14])) / 100
  } catch {
    return null
  }
}

const step = async (name, command, args, env) => {
  const from = performance.now()
  const cpuFrom = childCpuSeconds()
  const code = await run(command, args, env, output)
  const cpuTo = childCpuSeconds()
  steps.push({
    name,
    code,
    seconds: (performance.now() - from) / 1000,
    cpu: cpuFrom === null || cpuTo === null ? null : cpuTo - cpuFrom,
  })
  return code
}

/**
 * Runs single-threaded steps side by side (one alone leaves the other core idle), each one's
 * output printed in one piece when it ends. Their CPU time is counted together, on the last.
 */
async function side(checks) {
  const cpuFrom = childCpuSeconds()
  const results = await Promise.all(
    checks.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const from = performance.now()
          const chunks = []
          const child = spawn(command, args, {
            env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
            stdio: ['ignore', 'pipe', 'pipe'],
          })
          child.stdout.on('data', (chunk) => chunks.push(chunk))
          child.stderr.on('data', (chunk) => chunks.push(chunk))
          child.on('close', (code) => {
            const seconds = (performance.now() - from) / 1000
            output.push(...chunks)
            process.stdout.write(`── ${name} (${seconds.toFixed(1)} s)\n`)
            process.stdout.write(Buffer.concat(chunks))
            resolve({ name, code: code ?? 1, seconds, cpu: null })
          })
        }),
    ),
  )
  const cpuTo = childCpuSeconds()
  if (cpuFrom !== null && cpuTo !== null) results.at(-1).cpuGroup = cpuTo - cpuFrom
  steps.push(...results)
  return results
}

// The route types first: tsc and the type-aware lint rules both read them.
await step('typegen', 'npx', ['next', 'typegen'])
const [typecheck] = await side([
  ['typecheck', 'node', ['node_modules/typescript7/bin/tsc', '--noEmit']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['format', 'npm', ['run', '--silent', 'format:check']],
  // vitest 4 runs a worker per core (maxWorkers defaults to all of them outside watch mode).
  [
    'unit',
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      '--outputFile=test-reports/vitest.json',
    ],
  ],
])
const built = await step('build', 'npm', ['run', '--silent', 'build'], {
  DS_API_KEY: canary,
  // tsc has just checked every file the build compiles; a failure fails the run anyway.
  ...(typecheck.code === 0 ? { VERITY_TYPES_CHECKED: '1' } : {}),
})
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
// Wall time of each step (typecheck, lint, format and unit run side by side) and the CPU time of its
// processes, which a busy machine changes less.
console.log('\nstep           wall      cpu')
const cpuText = (value) => (value === null ? '' : `${value.toFixed(1).padStart(7)} s`)
for (const { name, code, seconds, cpu, cpuGroup } of steps) {
  const cpuColumn =
    cpuGroup !== undefined ? `${cpuText(cpuGroup)} (the four side by side)` : cpuText(cpu ?? null)
  console.log(
    `${name.padEnd(10)} ${seconds.toFixed(1).padStart(7)} s ${cpuColumn}${code === 0 ? '' : '  (failed)'}`,
  )
}
const total = (performance.now() - started) / 1000
console.log(`${'total'.padEnd(10)} ${total.toFixed(1).padStart(7)} s ${cpuText(childCpuSeconds())}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed === 0 && steps.every((s) => s.code === 0) ? 0 : 1)
