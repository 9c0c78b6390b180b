// Runs once when a server starts, including the standalone server, which does not load
// next.config.js: a bad environment stops it with a message that names the variable.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  const { getEnv } = await import('@/lib/env')
  try {
    getEnv()
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
