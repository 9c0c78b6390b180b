import { getEnv } from '@/lib/env'

/** Stops a starting server whose environment is invalid, with a message naming the variables. */
export function checkEnvAtStart() {
  try {
    getEnv()
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
