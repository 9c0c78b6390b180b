import { startPdfWorkersWith } from '@/lib/evidence/pdf-workers'
import { startTestPdfWorker } from '@/tests/unit/helpers/pdf-worker'

// Evidence packs lay their PDF out in a worker thread, started from the TypeScript source here.
startPdfWorkersWith(startTestPdfWorker)
