import { readFileSync } from 'node:fs'

/** CPU seconds used by this process's children that have ended so far (Linux; null elsewhere). */
export function childCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')
    // cutime and cstime, fields 16 and 17 of stat(5), in clock ticks (100 per second on Linux).
    return (Number(fields[13]) + Number(fields[14])) / 100
  } catch {
    return null
  }
}
