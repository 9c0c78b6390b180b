// Runs a command to its end, for `npm test` (scripts/test.mjs), with the same output and exit code,
// and writes the CPU time its processes used to file descriptor 3, as `{"cpu": seconds}`: read
// here, once it has ended, as the CPU time of this process's children (Linux; null elsewhere).
import { spawn } from 'node:child_process'
import { readFileSync, writeSync } from 'node:fs'

const [command, ...args] = process.argv.slice(2)
const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] })
child.on('exit', (code, signal) => {
  let cpu = null
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')
    // cutime and cstime, fields 16 and 17 of stat(5), in clock ticks (100 per second on Linux).
    cpu = (Number(fields[13]) + Number(fields[14])) / 100
  } catch {
    // Not Linux: no figure.
  }
  try {
    writeSync(3, JSON.stringify({ cpu }))
  } catch {
    // Run without that descriptor (by hand): nobody asked.
  }
  process.exit(code ?? (signal ? 1 : 0))
})
