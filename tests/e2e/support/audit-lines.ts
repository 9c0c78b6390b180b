/**
 * The audit records an instance wrote to standard output (one JSON line each), in order: as each
 * row committed, with its writer's numbers (`seq` only on a row sealed as it was appended).
 */
export function auditLinesOf(output: string) {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{"log":"audit"'))
    .map(
      (line) =>
        JSON.parse(line) as Record<string, unknown> & {
          seq?: number
          writer?: string
          writerSeq?: number
        },
    )
}
