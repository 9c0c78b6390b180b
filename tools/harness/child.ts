import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, createWriteStream, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/*
 * A Node process of the harness's own (the simulator, an app): started with this Node, not npx, so
 * a signal reaches the server rather than a wrapper, and stopped by its own PID only.
 */

/** What each of the harness's starters returns. */
export type Started = {
  name: string
  url: string
  pid: number
  /** Its output so far (the last 20,000 characters unless kept in memory only). */
  logs: () => string
  /** Stops it (SIGTERM, SIGKILL after 10 s) and removes its work directory. */
  stop: () => Promise<void>
}

/**
 * Where a child's output goes: `memory` keeps it for `logs`; `echo` also prints it to ours with its
 * name in front; `file` writes it to a file in its work directory without passing through this
 * process (the bench: see `spawnNode`); `{ teeTo }` prints it as `echo` does and also appends it to
 * that file, for other processes to read (the browser tests' workers read the audit lines of the
 * suite's shared signed-in instance, which their runner started).
 */
export type Output = 'memory' | 'echo' | 'file' | { teeTo: string }

/** Its environment over ours; a function of its work directory to put files there. */
export type ChildEnv = Record<string, string> | ((workDir: string) => Record<string, string>)

export type SpawnOptions = {
  env?: ChildEnv
  cwd?: string
  output: Output
}

export type Child = Omit<Started, 'url'> & {
  child: ChildProcess
  /** A temporary directory of its own, removed when it stops. */
  workDir: string
  alive: () => boolean
}

export function spawnNode(name: string, args: string[], options: SpawnOptions): Child {
  const workDir = mkdtempSync(join(tmpdir(), `verity-${name}-`))
  const own = typeof options.env === 'function' ? options.env(workDir) : options.env
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...own }
  let child: ChildProcess
  let logs: () => string
  if (options.output === 'file') {
    // Output goes to a file, not through this process: the app writes an audit line per proxied
    // request, and a pipe drained by the bench's load generator's own event loop would slow the
    // app down (and only during the proxy's turn) whenever the generator is busy.
    const file = join(workDir, 'output.log')
    const fd = openSync(file, 'a')
    child = spawn(process.execPath, args, { env, cwd: options.cwd, stdio: ['ignore', fd, fd] })
    closeSync(fd)
    // Only the tail matters when a start fails.
    logs = () => {
      try {
        return readFileSync(file, 'utf8').slice(-20_000)
      } catch {
        return ''
      }
    }
  } else {
    let output = ''
    const tee = typeof options.output === 'object' ? createWriteStream(options.output.teeTo) : null
    const echo = options.output === 'echo' || tee !== null
    // What is printed need not be kept whole: the demo may run for days, a line per request.
    const keep = (text: string) => (echo ? text.slice(-20_000) : text)
    child = spawn(process.execPath, args, {
      env,
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout?.on('data', (chunk: Buffer) => {
      output = keep(output + chunk.toString())
      tee?.write(chunk)
      if (echo) process.stdout.write(`[${name}] ${chunk.toString()}`)
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      output = keep(output + chunk.toString())
      tee?.write(chunk)
      if (echo) process.stderr.write(`[${name}] ${chunk.toString()}`)
    })
    child.once('close', () => tee?.end())
    logs = () => output
  }
  const alive = () => child.exitCode === null && child.signalCode === null
  const stop = () =>
    stopChild(child).finally(() => rmSync(workDir, { recursive: true, force: true }))
  return { name, child, pid: child.pid ?? 0, workDir, logs, alive, stop }
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    // The app closes its embedded store on the way out: it is given time for that.
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

/**
 * Polls `check` until it gives a value; throws with the child's output if it exits first or the
 * time runs out, after stopping it.
 */
export async function waitUntil<T>(
  started: Child,
  what: string,
  check: () => Promise<T | null>,
  { timeoutMs = 60_000, everyMs = 200 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (!started.alive()) {
      // Read before stopping: stopping removes the output file.
      const logs = started.logs()
      await started.stop()
      throw new Error(`${what} exited early:\n${logs}`)
    }
    const found = await check().catch(() => null)
    if (found !== null) return found
    if (Date.now() > deadline) {
      const logs = started.logs()
      await started.stop()
      throw new Error(`${what} did not start in ${timeoutMs / 1000} s:\n${logs}`)
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}

/** Stops what was started (and only that) when this process is told to stop, then exits. */
export function stopOnSignal(started: readonly Pick<Started, 'stop'>[]) {
  const stop = async () => {
    await Promise.all(started.map((one) => one.stop()))
    process.exit(0)
  }
  process.once('SIGINT', () => void stop())
  process.once('SIGTERM', () => void stop())
}
