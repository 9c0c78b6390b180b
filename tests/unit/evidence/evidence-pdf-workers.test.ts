import { Worker } from 'node:worker_threads'

import { extractText, getDocumentProxy } from 'unpdf'
import { afterEach, describe, expect, it } from 'vitest'

import { layOutPdf, pdfWorkerLoad, startPdfWorkersWith } from '@/lib/evidence/pdf-workers'
import { verificationPack } from '@/tests/unit/helpers/evidence-pack'
import { startTestPdfWorker } from '@/tests/unit/helpers/pdf-worker'

/*
 * The worker threads that lay out a pack's PDF (lib/evidence/pdf-workers.ts): the footer names the
 * row number given after the layout, a pack dropped before its row was written frees its worker
 * for the next pack, and a worker that dies fails only its own pack. Each test starts its workers
 * afresh (tests/unit/helpers/pdf-worker.ts).
 */

const pack = verificationPack('VWORKER000000001', '0123456789abcdef')
const JSON_SHA = 'a'.repeat(64)

async function pdfText(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes))
  return (await extractText(pdf, { mergePages: true })).text
}

describe('the PDF workers', () => {
  it('lay the PDF out first and write the footer with the row number given afterwards', async () => {
    const laidOut = await layOutPdf(pack, JSON_SHA)
    expect(pdfWorkerLoad()).toMatchObject({ layingOut: 0, rendering: 1 })
    const bytes = await laidOut.finish(4242)
    expect(pdfWorkerLoad()).toMatchObject({ layingOut: 0, rendering: 0 })
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const text = await pdfText(bytes)
    expect(text).toContain('audit row 4242')
    expect(text).toContain(JSON_SHA)
  })

  it('free the worker of a pack dropped before its row was written, for the next pack', async () => {
    const started: Worker[] = []
    startPdfWorkersWith(() => {
      const worker = startTestPdfWorker()
      started.push(worker)
      return worker
    })
    const dropped = await layOutPdf(pack, JSON_SHA)
    dropped.drop()
    expect(pdfWorkerLoad().rendering).toBe(0)
    const next = await layOutPdf(pack, JSON_SHA)
    expect(await pdfText(await next.finish(7))).toContain('audit row 7')
    expect(started).toHaveLength(1)
  })

  it('fail only the pack whose worker died; the next one gets a new worker', async () => {
    let first = true
    startPdfWorkersWith(() => {
      if (!first) return startTestPdfWorker()
      first = false
      // A worker that runs out of memory or crashes ends like this one.
      return new Worker('process.exit(3)', { eval: true })
    })
    await expect(layOutPdf(pack, JSON_SHA)).rejects.toThrow()
    expect(pdfWorkerLoad()).toMatchObject({ layingOut: 0, rendering: 0 })
    const next = await layOutPdf(pack, JSON_SHA)
    expect(await pdfText(await next.finish(8))).toContain('audit row 8')
  })
})

afterEach(() => startPdfWorkersWith(startTestPdfWorker))
