// Starting and stopping the simulator and the app for the demo, dev and test scripts.
import { spawn } from 'node:child_process'

export const SIM_KEY = 'sim-demo-key'

/** Starts a child that shares our terminal; resolves once `ready` matches its output. */
export function start(name, command, args, { env = {}, ready, timeoutMs = 120_000 } = {}) {
  const child = spawn(command, args, {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const done = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start in time`)), timeoutMs)
    const onData = (chunk) => {
      process.stdout.write(`[${name}] ${chunk}`)
      if (ready && ready.test(String(chunk))) {
        clearTimeout(timer)
        resolve(child)
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', (chunk) => process.stderr.write(`[${name}] ${chunk}`))
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${name} exited with code ${code}`))
    })
    if (!ready) {
      clearTimeout(timer)
      resolve(child)
    }
  })
  return { child, ready: done }
}

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

/**
 * Stops the children we started (and only those) when this process is told to stop, and waits
 * until they have gone (at most 10 s): the app closes its embedded database on the way out.
 */
export function stopOnSignal(children) {
  const stop = async () => {
    const running = children.filter((child) => child.exitCode === null && child.signalCode === null)
    const exited = running.map((child) => new Promise((resolve) => child.once('exit', resolve)))
    for (const child of running) child.kill('SIGTERM')
    await Promise.race([Promise.all(exited), new Promise((resolve) => setTimeout(resolve, 10_000))])
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
