// Running a command to completion (a build, a check), for `npm test` and the demo. Plain
// JavaScript: `npm test` runs under Node without tsx.
import { spawn } from 'node:child_process'

/**
 * Runs a command to completion and resolves with its exit code. Its output goes to ours and, when
 * `capture` is given, is also collected there (an array of chunks).
 */
export function run(command, args, env = {}, capture) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    })
    if (capture) {
      child.stdout.on('data', (chunk) => {
        capture.push(chunk)
        process.stdout.write(chunk)
      })
      child.stderr.on('data', (chunk) => {
        capture.push(chunk)
        process.stderr.write(chunk)
      })
    }
    child.on('exit', (code) => resolve(code ?? 1))
  })
}
