// Runs once when a server starts, including the standalone server, which does not load
// next.config.js: a bad environment stops it with a message that names the variable.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  const { checkEnvAtStart } = await import('@/lib/check-env-at-start')
  checkEnvAtStart()
}
