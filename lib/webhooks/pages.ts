/**
 * The loaded pages as one list, newest first as the pages have them, each record once: a record
 * repeated by an overlapping page keeps its first place. `lastPageAdded` counts what the newest
 * page contributed, so that a cursor that stops advancing can be noticed.
 */
export function flattenPages<R extends { id: string }>(
  pages: readonly { data: readonly R[] }[],
): { records: R[]; lastPageAdded: number } {
  const seen = new Set<string>()
  const records: R[] = []
  let lastPageAdded = 0
  for (const page of pages) {
    lastPageAdded = 0
    for (const record of page.data) {
      if (seen.has(record.id)) continue
      seen.add(record.id)
      records.push(record)
      lastPageAdded++
    }
  }
  return { records, lastPageAdded }
}
