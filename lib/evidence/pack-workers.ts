import 'server-only'

import { MessageChannel, Worker, type WorkerOptions } from 'node:worker_threads'

import type { EvidencePack } from '@/lib/evidence/contract'
import { UpstreamError } from '@/lib/upstream/errors'

import type { AmlHead, AmlPart, PackJob, PackOrder, PackReply } from './pack-worker'

/*
 * The CPU-heavy part of a pack is done in a worker thread (pack-worker.ts), so the server's
 * request thread keeps answering while packs are made: a 1,000-match report is megabytes of JSON
 * to check and mask and some 14 pages of pdfkit layout, seconds of CPU that used to hold every
 * other request up. Packs are made at most EVIDENCE_PACK_CONCURRENCY at a time (pack-slots.ts,
 * around the whole pack), so at most that many workers are ever busy; a worker is kept for the
 * next pack and ended after a minute unused.
 *
 * Not piscina: it starts its own worker.js, which loads the task file by name at run time, which
 * the Next.js bundler cannot see, so that file and everything it imports (pdfkit, the layout, its
 * helpers) would have to be kept as plain JavaScript outside the build and copied into the
 * standalone output by hand.
 * `new Worker(new URL(…, import.meta.url))` is the one form the bundler follows: it builds the
 * worker with the rest of the server, from the same TypeScript. Nothing the worker imports may be
 * marked server-only (the marker is for the server's own bundles, and a test's thread loads the
 * real one, which throws).
 */

const IDLE_MS = 60_000
/*
 * A worker's heap, bounded: checking, masking and laying out a 1,000-match report fits in 128 MB,
 * and without a bound V8 lets a worker's heap grow well past that before collecting (two workers
 * laying out six such packs each: 310 MB resident without a bound, 180 with a bound). A pack that
 * needs more ends its worker, and is refused like one whose audit row cannot be written.
 */
export const PACK_WORKER_OPTIONS = {
  resourceLimits: { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 16 },
} satisfies WorkerOptions

type Idle = { worker: Worker; timer: NodeJS.Timeout }
type Pool = {
  idle: Idle[]
  /** Packs whose worker is at work on an order now (reading the report, building, laying out). */
  working: number
  /** Packs holding a worker now (at work, or waiting for the request thread). */
  inWorker: number
  /** The most there ever were at once: what the concurrency test reads. */
  mostInWorker: number
  start: StartWorker
}

type StartWorker = () => Worker

const KEY = Symbol.for('verity.evidence-pack-workers')
const shared = globalThis as typeof globalThis & { [KEY]?: Pool }

// Written out as the bundler reads it: `new Worker(new URL(…))` whose options it can see, not a
// parameter (given one, it copied the TypeScript file as it was instead of building the worker).
function startWorker(): Worker {
  return new Worker(new URL('./pack-worker.ts', import.meta.url), PACK_WORKER_OPTIONS)
}

function pool(): Pool {
  return (shared[KEY] ??= {
    idle: [],
    working: 0,
    inWorker: 0,
    mostInWorker: 0,
    start: startWorker,
  })
}

/** How many packs hold a worker now (and how many of them have it at work), and the most at once. */
export function packWorkerLoad() {
  const { working, inWorker, mostInWorker } = pool()
  return { working, inWorker, mostInWorker }
}

/**
 * Tests run the TypeScript sources, which a worker thread of Node cannot load by itself: they give
 * a way to start one through their loader, with PACK_WORKER_OPTIONS.
 */
export function startPackWorkersWith(start: StartWorker) {
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
  // One that stops while waiting is no longer offered (while it has a pack, its job listens).
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

export type PackJobHandle = {
  /** Parses and checks the AML report's body; an UpstreamError (bad_response) when it is broken. */
  readAml: (body: string) => Promise<AmlHead>
  /** The pack's JSON text, the report's sections (read above) put in at `aml.at`. */
  build: (pack: EvidencePack, aml: AmlPart | null) => Promise<string>
  /** Lays the PDF out; resolves once only the footers, which name the audit row, are left. */
  layOut: (jsonSha256: string) => Promise<void>
  /** Writes the footers that name audit row `seq` and closes the file. */
  finish: (seq: number) => Promise<Buffer>
  /** Frees the worker, whatever the job's state; once finished, nothing. */
  drop: () => void
}

/** Takes a worker for one pack, which its orders go to in turn (pack-worker.ts). */
export function startPackJob(): PackJobHandle {
  const current = pool()
  const worker = takeWorker()
  current.inWorker += 1
  current.mostInWorker = Math.max(current.mostInWorker, current.inWorker)
  const { port1: port, port2 } = new MessageChannel()

  let waiting: { resolve: (reply: PackReply) => void; reject: (error: Error) => void } | null = null
  let released = false
  const release = (healthy: boolean) => {
    if (released) return
    released = true
    current.inWorker -= 1
    worker.off('error', crashed)
    worker.off('exit', crashed)
    port.close()
    if (healthy) giveBack(worker)
    else void worker.terminate()
  }
  function crashed(error: unknown) {
    release(false)
    waiting?.reject(error instanceof Error ? error : new Error('the evidence pack worker stopped'))
  }
  worker.on('error', crashed)
  worker.on('exit', crashed)
  port.on('message', (reply: PackReply) => waiting?.resolve(reply))
  worker.postMessage({ port: port2 } satisfies PackJob, [port2])

  async function ask<K extends PackReply['kind']>(
    order: PackOrder,
    expected: K,
  ): Promise<Extract<PackReply, { kind: K }>> {
    if (released) throw new Error('evidence pack: its worker is gone')
    const reply = new Promise<PackReply>((resolve, reject) => {
      waiting = { resolve, reject }
    })
    current.working += 1
    port.postMessage(order)
    try {
      const answer = await reply
      if (answer.kind === 'failed') {
        // The worker ended the job, and is ready for the next one.
        release(true)
        if (answer.upstream) {
          throw new UpstreamError('bad_response', answer.message, {
            ...(answer.upstream.path === null ? {} : { path: answer.upstream.path }),
          })
        }
        throw new Error(`evidence pack worker: ${answer.message}`)
      }
      if (answer.kind !== expected)
        throw new Error(`evidence pack worker: ${answer.kind} out of turn`)
      return answer as Extract<PackReply, { kind: K }>
    } finally {
      current.working -= 1
    }
  }

  return {
    readAml: async (body) => {
      const { searchUuid, requestedName } = await ask({ kind: 'read-aml', body }, 'aml-read')
      return { searchUuid, requestedName }
    },
    build: async (pack, aml) => (await ask({ kind: 'build', pack, aml }, 'built')).json,
    layOut: async (jsonSha256) => {
      await ask({ kind: 'lay-out', jsonSha256 }, 'laid-out')
    },
    finish: async (seq) => {
      const { pdf } = await ask({ kind: 'finish', seq }, 'done')
      release(true)
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength)
    },
    drop: () => {
      if (released) return
      port.postMessage({ kind: 'drop' } satisfies PackOrder)
      release(true)
    },
  }
}
