import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

import { PACK_WORKER_OPTIONS } from '@/lib/evidence/pack-workers'

/*
 * A PDF worker of evidence packs (lib/evidence/pack-worker.ts) in a test. The server runs the
 * worker as the build compiled it; a test runs the TypeScript source, which Node cannot load in a
 * thread by itself, so the thread registers tsx first, as the scripts do.
 */
const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api')
const entry = new URL('../../../lib/evidence/pack-worker.ts', import.meta.url).pathname

export function startTestPackWorker(): Worker {
  return new Worker(
    `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(entry)})`,
    {
      ...PACK_WORKER_OPTIONS,
      eval: true,
    },
  )
}
