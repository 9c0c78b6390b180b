import { vi } from 'vitest'

import type { Projected } from '@/lib/projection/projected'

/** The key tests sign references with, as a viewer's would (lib/projection/ref-key.ts). */
export const TEST_REF_KEY = new Uint8Array(32).fill(7)

/**
 * The projection modules with masking on, as in production. They read the environment once, when
 * first imported, so the variables are set before the import.
 */
export async function importProjection() {
  vi.stubEnv('DS_API_BASE_URL', 'http://upstream.test')
  vi.stubEnv('DS_API_KEY', 'test-key')
  vi.stubEnv('PII_MASKING', 'on')
  return {
    projection: await import('@/lib/projection/project'),
    refs: await import('@/lib/projection/record-ref'),
  }
}

/**
 * A record as the projection passes it with PII_MASKING=off: unchanged, typed as projected, for
 * tests of how components render real payloads rather than of masking.
 */
export function unmaskedProjection<T>(value: T): Projected<T> {
  return value as Projected<T>
}
