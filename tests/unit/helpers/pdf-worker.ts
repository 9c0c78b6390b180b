import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

import { PDF_WORKER_OPTIONS } from '@/lib/evidence/pdf-workers'

/*
 * A PDF worker of evidence packs (lib/evidence/pdf-worker.ts) in a test. The server runs the
 * worker as the build compiled it; a test runs the TypeScript source, which Node cannot load in a
 * thread by itself, so the thread registers tsx first, as the scripts do.
 */
const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api')
const entry = new URL('../../../lib/evidence/pdf-worker.ts', import.meta.url).pathname

export function startTestPdfWorker(): Worker {
  return new Worker(
    `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(entry)})`,
    {
      ...PDF_WORKER_OPTIONS,
      eval: true,
    },
  )
}
