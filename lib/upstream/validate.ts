import type { z } from 'zod'

import { UpstreamError } from '@/lib/upstream/errors'

/*
 * Reading an upstream body into a checked value: the JSON, then its schema, each failure an
 * UpstreamError naming where the body broke. Not server-only: the evidence pack's worker thread
 * (lib/evidence/pack-worker.ts) checks a 1,000-match report here, off the request thread.
 */

export function parseUpstreamJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch (cause) {
    throw new UpstreamError('bad_response', 'The upstream sent malformed JSON', { cause })
  }
}

export function validateUpstream<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body)
  if (result.success) return result.data
  const [issue] = result.error.issues
  const path = issue ? formatPath(issue.path) : ''
  throw new UpstreamError(
    'bad_response',
    `Unexpected upstream response at ${path || '(root)'}: ${issue?.message ?? 'invalid'}`,
    { path },
  )
}

function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('')
}
