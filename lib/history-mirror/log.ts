import 'server-only'

/** One JSON line of the mirror's progress or trouble; ids and counts only, never payload values. */
export function mirrorLog(
  level: 'info' | 'warn',
  msg: string,
  fields: Record<string, unknown> = {},
): void {
  const line = JSON.stringify({ level, msg: `history mirror: ${msg}`, ...fields })
  if (level === 'warn') console.warn(line)
  else console.log(line)
}
