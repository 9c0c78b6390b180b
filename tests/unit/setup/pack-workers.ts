// Evidence packs lay their PDF out in a worker thread, started from the TypeScript source here.
// Not in files run in jsdom: they render components only, and Vite's browser transform refuses the
// worker's `new URL(…, import.meta.url)` form that the server's bundler needs. Hence the imports
// are dynamic, and this file says it is a module for its top-level await.
export {}

if (typeof window === 'undefined') {
  const { startPackWorkersWith } = await import('@/lib/evidence/pack-workers')
  const { startTestPackWorker } = await import('@/tests/unit/helpers/pack-worker')
  startPackWorkersWith(startTestPackWorker)
}
