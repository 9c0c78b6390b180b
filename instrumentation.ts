// Runs once when a server starts, including the standalone server, which does not load
// next.config.js: a bad environment, or a store that cannot be opened or migrated, stops it with a
// message that names the cause.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  const { checkEnvAtStart } = await import('@/lib/check-env-at-start')
  checkEnvAtStart()
  const { openStoreAtStart } = await import('@/lib/open-store-at-start')
  await openStoreAtStart()
}
