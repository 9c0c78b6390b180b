import 'server-only'

import { MessageChannel, Worker, type WorkerOptions } from 'node:worker_threads'

import type { EvidencePack } from '@/lib/evidence/contract'

import type { PdfJob, PdfOrder, PdfReply } from './pdf-worker'

/*
 * The PDF of a pack is laid out in a worker thread (pdf-worker.ts), so the server's request thread
 * keeps answering while packs are made: a 1,000-match report is some 14 pages of pdfkit layout,
 * seconds of CPU that used to hold every other request up. Packs are made at most
 * EVIDENCE_PACK_CONCURRENCY at a time (pack-slots.ts, around the whole pack), so at most that many
 * workers are ever busy; a worker is kept for the next pack and ended after a minute unused.
 *
 * Not piscina: it starts its own worker.js, which loads the task file by name at run time, which
 * the Next.js bundler cannot see, so that file and everything it imports (pdfkit, the layout, its
 * helpers) would have to be kept as plain JavaScript outside the build and copied into the
 * standalone output by hand.
 * `new Worker(new URL(…, import.meta.url))` is the one form the bundler follows: it builds the
 * worker with the rest of the server, from the same TypeScript.
 */

const IDLE_MS = 60_000
/*
 * A worker's heap, bounded: laying out a 1,000-match report fits in 64 MB, and without a bound V8
 * lets a worker's heap grow well past that before collecting (two workers laying out six such
 * packs each: 310 MB resident without a bound, 180 with these limits, no slower). A pack that needs
 * more ends its worker, and is refused like one whose audit row cannot be written.
 */
export const PDF_WORKER_OPTIONS = {
  resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 8 },
} satisfies WorkerOptions

type Idle = { worker: Worker; timer: NodeJS.Timeout }
type Pool = {
  idle: Idle[]
  /** Packs being laid out in a worker now, before they wait for their row's number. */
  layingOut: number
  /** Packs in a worker now (laid out, waiting for the row's number, or finishing). */
  rendering: number
  /** The most there ever were at once: what the concurrency test reads. */
  mostRendering: number
  start: StartWorker
}

type StartWorker = () => Worker

const KEY = Symbol.for('verity.evidence-pdf-workers')
const shared = globalThis as typeof globalThis & { [KEY]?: Pool }

// Written out as the bundler reads it: `new Worker(new URL(…))` whose options it can see, not a
// parameter (given one, it copied the TypeScript file as it was instead of building the worker).
function startWorker(): Worker {
  return new Worker(new URL('./pdf-worker.ts', import.meta.url), PDF_WORKER_OPTIONS)
}

function pool(): Pool {
  return (shared[KEY] ??= {
    idle: [],
    layingOut: 0,
    rendering: 0,
    mostRendering: 0,
    start: startWorker,
  })
}

/** How many packs are in a worker now (and how many of them being laid out), and the most at once. */
export function pdfWorkerLoad() {
  const { layingOut, rendering, mostRendering } = pool()
  return { layingOut, rendering, mostRendering }
}

/**
 * Tests run the TypeScript sources, which a worker thread of Node cannot load by itself: they give
 * a way to start one through their loader, with PDF_WORKER_OPTIONS.
 */
export function startPdfWorkersWith(start: StartWorker) {
  const current = pool()
  for (const { worker, timer } of current.idle.splice(0)) {
    clearTimeout(timer)
    void worker.terminate()
  }
  current.start = start
}

function takeWorker(): Worker {
  const current = pool()
  const idle = current.idle.pop()
  if (idle) {
    clearTimeout(idle.timer)
    return idle.worker
  }
  const worker = current.start()
  // A worker waiting for its next pack must not keep a script or a test run from ending.
  worker.unref()
  // One that stops while waiting is no longer offered (while it has a pack, layOutPdf listens).
  const forget = () => {
    current.idle = current.idle.filter((idle) => idle.worker !== worker)
  }
  worker.on('error', forget)
  worker.on('exit', forget)
  return worker
}

function giveBack(worker: Worker) {
  const current = pool()
  const timer = setTimeout(() => {
    current.idle = current.idle.filter((idle) => idle.worker !== worker)
    void worker.terminate()
  }, IDLE_MS)
  timer.unref()
  current.idle.push({ worker, timer })
}

export type LaidOutPdf = {
  /** Writes the footers that name audit row `seq` and closes the file. */
  finish: (seq: number) => Promise<Buffer>
  /** The pack will not be made (its row was not written): frees the worker. Once finished, nothing. */
  drop: () => void
}

/** Lays a pack's PDF out in a worker; resolves once only the footers are left to write. */
export function layOutPdf(pack: EvidencePack, jsonSha256: string): Promise<LaidOutPdf> {
  const current = pool()
  const worker = takeWorker()
  current.rendering += 1
  current.layingOut += 1
  current.mostRendering = Math.max(current.mostRendering, current.rendering)
  const { port1: port, port2 } = new MessageChannel()

  let settle: { resolve: (reply: PdfReply) => void; reject: (error: Error) => void } | null = null
  let released = false
  const release = (healthy: boolean) => {
    if (released) return
    released = true
    current.rendering -= 1
    worker.off('error', crashed)
    worker.off('exit', crashed)
    port.close()
    if (healthy) giveBack(worker)
    else void worker.terminate()
  }
  function crashed(error: unknown) {
    release(false)
    settle?.reject(error instanceof Error ? error : new Error('the PDF worker stopped'))
  }
  worker.on('error', crashed)
  worker.on('exit', crashed)

  const next = () =>
    new Promise<PdfReply>((resolve, reject) => {
      settle = { resolve, reject }
    }).then((reply) => {
      if (reply.kind !== 'failed') return reply
      release(true)
      throw new Error(`evidence pack PDF: ${reply.message}`)
    })
  port.on('message', (reply: PdfReply) => settle?.resolve(reply))

  let layingOut = true
  const laidOutNow = () => {
    if (layingOut) current.layingOut -= 1
    layingOut = false
  }
  const laidOut = next().finally(laidOutNow)
  const job: PdfJob = { pack, jsonSha256, port: port2 }
  worker.postMessage(job, [port2])
  const order = (message: PdfOrder) => port.postMessage(message)

  return laidOut.then(() => ({
    finish: async (seq) => {
      const done = next()
      order({ kind: 'finish', seq })
      const reply = await done
      release(true)
      if (reply.kind !== 'done') throw new Error('evidence pack PDF: no file from the worker')
      return Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength)
    },
    drop: () => {
      if (released) return
      order({ kind: 'drop' })
      release(true)
    },
  }))
}
