import { vi } from 'vitest'

import { parseEnv } from '@/lib/env'

/** The message parseEnv throws for a source, or null when it parses. */
export function errorOf(source: Record<string, string | undefined>): string | null {
  try {
    parseEnv(source)
    return null
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

/**
 * Sets variables for the modules a test imports next. lib/env reads process.env once per module
 * instance, so the module cache is dropped too; `vi.unstubAllEnvs()` puts the old values back.
 */
export function stubEnv(variables: Record<string, string>) {
  for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value)
  vi.resetModules()
}
