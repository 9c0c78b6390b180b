import { Worker } from 'node:worker_threads'

import { extractText, getDocumentProxy } from 'unpdf'
import { afterEach, describe, expect, it } from 'vitest'

import type { EvidencePack } from '@/lib/evidence/contract'
import { packWorkerLoad, startPackJob, startPackWorkersWith } from '@/lib/evidence/pack-workers'
import type { AmlPart } from '@/lib/evidence/pack-worker'
import { UpstreamError } from '@/lib/upstream/errors'
import { verificationPack } from '@/tests/unit/helpers/evidence-pack'
import { startTestPackWorker } from '@/tests/unit/helpers/pack-worker'
import { loadRealPayload } from '@/tests/unit/helpers/real-payloads'

/*
 * The worker threads that make the CPU-heavy part of a pack (lib/evidence/pack-workers.ts): an AML
 * report's body checked there (a broken one is the upstream's fault, with its path), its sections
 * compared and masked there and put in their place, the PDF's footer naming the row number given
 * after the layout; a pack dropped before its row was written frees its worker for the next pack,
 * and a worker that dies fails only its own pack. Each test starts its workers afresh
 * (tests/unit/helpers/pack-worker.ts).
 */

const pack = verificationPack('VWORKER000000001', '0123456789abcdef')
const JSON_SHA = 'a'.repeat(64)
// The provider's own example, one match named by an e-mail address: masked wherever it is.
const EMAIL = 'anna.kowalczyk@example.org'
const example = loadRealPayload('aml-search-result-abc-medium-risk.json') as {
  search_uuid: string
  data: Record<string, unknown>[]
}
const REPORT = {
  ...example,
  data: example.data.map((match, index) =>
    index === 0 ? { ...match, search_metadata: { best_match_name: EMAIL } } : match,
  ),
}

async function pdfText(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes))
  return (await extractText(pdf, { mergePages: true })).text
}

function amlPart(maskWith: Uint8Array | null): AmlPart {
  return {
    at: 1,
    searchId: REPORT.search_uuid,
    status: 'none',
    subject: {
      source: null,
      applicantId: null,
      names: ['abc abc'],
      dateOfBirth: null,
      countries: [],
      gender: null,
    },
    decisions: {
      matches: {},
      remembered: {},
      reopened: {},
      counts: { reviewed: 0, awaitingSecond: 0 },
      viewer: { analystId: 'idp.test ana', label: 'ana' },
      applicantId: null,
    },
    maskWith,
  }
}

async function madeWith(maskWith: Uint8Array | null): Promise<{ text: EvidencePack; pdf: string }> {
  const job = startPackJob()
  const head = await job.readAml(JSON.stringify(REPORT))
  expect(head).toEqual({ searchUuid: REPORT.search_uuid, requestedName: 'abc abc' })
  const json = await job.build(pack, amlPart(maskWith))
  await job.layOut(JSON_SHA)
  const pdf = await pdfText(await job.finish(9))
  return { text: JSON.parse(json) as EvidencePack, pdf }
}

describe('the pack workers', () => {
  it('lay the PDF out first and write the footer with the row number given afterwards', async () => {
    const job = startPackJob()
    const json = await job.build(pack, null)
    expect(JSON.parse(json)).toEqual(pack)
    expect(json.endsWith('\n}\n')).toBe(true)
    await job.layOut(JSON_SHA)
    expect(packWorkerLoad()).toMatchObject({ working: 0, inWorker: 1 })
    const bytes = await job.finish(4242)
    expect(packWorkerLoad()).toMatchObject({ working: 0, inWorker: 0 })
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const text = await pdfText(bytes)
    expect(text).toContain('audit row 4242')
    expect(text).toContain(JSON_SHA)
  })

  it('check, compare and mask an AML report there, its sections where the pack puts them', async () => {
    const shown = await madeWith(null)
    const keys = shown.text.sections.map((section) => section.key)
    expect(keys[0]).toBe(pack.sections[0]!.key)
    expect(keys[1]).toBe('aml')
    const rest = pack.sections.slice(1).map((section) => section.key)
    expect(keys.slice(keys.length - rest.length)).toEqual(rest)
    expect(JSON.stringify(shown.text)).toContain(`1. ${EMAIL} (Organization, risk Medium)`)
    expect(shown.pdf).toContain(EMAIL)

    const masked = await madeWith(new Uint8Array(32).fill(7))
    expect(masked.text.sections.map((section) => section.key)).toEqual(keys)
    expect(JSON.stringify(masked.text)).toMatch(
      /1\. \S*@example\.org \(Organization, risk Medium\)/,
    )
    expect(JSON.stringify(masked.text)).not.toContain(EMAIL)
    expect(masked.pdf).not.toContain(EMAIL)
  })

  it('refuse a report that breaks its schema as the upstream’s bad answer, naming where', async () => {
    const job = startPackJob()
    const broken = { ...REPORT, data: [{ ...REPORT.data[0], uuid: 42 }] }
    const refused = await job.readAml(JSON.stringify(broken)).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(UpstreamError)
    expect(refused).toMatchObject({ kind: 'bad_response', path: 'data[0].uuid' })
    await expect(startPackJob().readAml('{"data": [')).rejects.toMatchObject({
      kind: 'bad_response',
      message: 'The upstream sent malformed JSON',
    })
    expect(packWorkerLoad()).toMatchObject({ working: 0, inWorker: 0 })
  })

  it('free the worker of a pack dropped before its row was written, for the next pack', async () => {
    const started: Worker[] = []
    startPackWorkersWith(() => {
      const worker = startTestPackWorker()
      started.push(worker)
      return worker
    })
    const dropped = startPackJob()
    await dropped.build(pack, null)
    await dropped.layOut(JSON_SHA)
    dropped.drop()
    expect(packWorkerLoad().inWorker).toBe(0)
    const next = startPackJob()
    await next.build(pack, null)
    await next.layOut(JSON_SHA)
    expect(await pdfText(await next.finish(7))).toContain('audit row 7')
    expect(started).toHaveLength(1)
  })

  it('fail only the pack whose worker died; the next one gets a new worker', async () => {
    let first = true
    startPackWorkersWith(() => {
      if (!first) return startTestPackWorker()
      first = false
      // A worker that runs out of memory or crashes ends like this one.
      return new Worker('process.exit(3)', { eval: true })
    })
    await expect(startPackJob().build(pack, null)).rejects.toThrow()
    expect(packWorkerLoad()).toMatchObject({ working: 0, inWorker: 0 })
    const next = startPackJob()
    await next.build(pack, null)
    await next.layOut(JSON_SHA)
    expect(await pdfText(await next.finish(8))).toContain('audit row 8')
  })
})

afterEach(() => startPackWorkersWith(startTestPackWorker))
