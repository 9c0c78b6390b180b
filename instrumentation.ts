// Runs once when a server starts, including the standalone server, which does not load
// next.config.js: tracing starts when it is configured, each request is measured and logged, each
// request's socket address is stamped for lib/auth/request.ts, and a bad environment, or a store
// that cannot be opened or migrated, stops it with a message that names the cause (the store, as
// soon as it is known).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  // First, so that every span after it is recorded; without an endpoint the SDK is not even loaded
  // (docs/operations.md#traces).
  if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()) {
    const { startTracing } = await import('@/lib/tracing/start')
    startTracing()
  }
  const { observeEveryRequest } = await import('@/lib/metrics/requests')
  observeEveryRequest()
  // Before any request: which proxy a request came from is known only from this stamp.
  const { stampPeerAddresses } = await import('@/lib/auth/peer-stamp')
  stampPeerAddresses()
  const { setSecurityHeadersOnEveryResponse } = await import('@/lib/api/security-headers')
  setSecurityHeadersOnEveryResponse()
  const { compressRouteAnswers } = await import('@/lib/api/route-compression')
  compressRouteAnswers()
  const { checkEnvAtStart } = await import('@/lib/start/check-env')
  checkEnvAtStart()
  const { openStoreAtStart } = await import('@/lib/start/open-store')
  // Not awaited: Next.js gets ready and loads the first request's page while the store opens
  // (PGlite's start takes seconds). Nothing reads it before it is open and migrated: every reader
  // waits for the one promise that getStore() has already put in place here.
  void openStoreAtStart()
  const { closeStoreBeforeExit } = await import('@/lib/store/store')
  closeStoreBeforeExit()
}
