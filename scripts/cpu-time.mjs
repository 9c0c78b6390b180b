// Runs a command to its end, for `npm test` (scripts/test.mjs), with the same output and exit code,
// and writes the CPU time its processes used to file descriptor 3, as `{"cpu": seconds}`: read
// here, once it has ended, as the CPU time of this process's children (Linux; null elsewhere).
import { spawn } from 'node:child_process'
import { writeSync } from 'node:fs'

import { childCpuSeconds } from './child-cpu.mjs'

const [command, ...args] = process.argv.slice(2)
const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] })
child.on('exit', (code, signal) => {
  const cpu = childCpuSeconds()
  try {
    writeSync(3, JSON.stringify({ cpu }))
  } catch {
    // Run without that descriptor (by hand): nobody asked.
  }
  process.exit(code ?? (signal ? 1 : 0))
})
