import { parentPort, type MessagePort } from 'node:worker_threads'

import type { EvidencePack } from '@/lib/evidence/contract'

import { layoutPdf } from './pdf'

/*
 * A worker thread of pdf-workers.ts: lays out a pack's PDF off the server's request thread. The
 * footers name the audit row, whose number only the trail's writer can hand out, under its lock on
 * the main thread; so a job is two steps over its own port: lay out everything and say so, then
 * wait for the row's number (or for the job to be dropped), write the footers and the file's last
 * bytes and send them back. The signing key never comes here: the main thread signs the bytes.
 */

export type PdfJob = { pack: EvidencePack; jsonSha256: string; port: MessagePort }
export type PdfOrder = { kind: 'finish'; seq: number } | { kind: 'drop' }
export type PdfReply =
  | { kind: 'laid-out' }
  | { kind: 'done'; pdf: Uint8Array }
  | { kind: 'failed'; message: string }

parentPort?.on('message', ({ pack, jsonSha256, port }: PdfJob) => {
  const reply = (message: PdfReply) => port.postMessage(message)
  const fail = (error: unknown) => {
    reply({ kind: 'failed', message: error instanceof Error ? error.message : String(error) })
    port.close()
  }
  let pdf: ReturnType<typeof layoutPdf>
  try {
    pdf = layoutPdf(pack, jsonSha256)
  } catch (error) {
    fail(error)
    return
  }
  port.once('message', (order: PdfOrder) => {
    if (order.kind === 'drop') {
      port.close()
      return
    }
    pdf.finish(order.seq).then((bytes) => {
      reply({ kind: 'done', pdf: bytes })
      port.close()
    }, fail)
  })
  reply({ kind: 'laid-out' })
})
