import { parentPort, type MessagePort } from 'node:worker_threads'

import type { EvidencePack } from '@/lib/evidence/contract'
import { withMasksShown } from '@/lib/projection/masked-token'
import { projectAmlSearch } from '@/lib/projection/project'
import type { RefKey } from '@/lib/projection/record-ref'
import type { SearchDecisions } from '@/lib/review/decision-rules'
import { reviewOf, type SubjectStatus } from '@/lib/review/report-comparisons'
import type { Subject } from '@/lib/review/subject'
import { UpstreamError } from '@/lib/upstream/errors'
import { amlSearchResultSchema, type AmlSearchResult } from '@/lib/upstream/schemas'
import { parseUpstreamJson, validateUpstream } from '@/lib/upstream/validate'

import { amlSections } from './aml-sections'
import { layoutPdf } from './pdf'

/*
 * A worker thread of pack-workers.ts: the CPU-heavy part of making a pack, off the server's request
 * thread. For an AML report that is most of it: parsing and checking the upstream's body (a
 * thousand matches are megabytes of JSON), comparing each match with the subject, masking, the
 * sections, the JSON text and the PDF's layout. The request thread keeps the I/O (the upstream
 * call, the store, the audit trail) and the signing key. A job is a conversation over its own port,
 * one order at a time:
 *   read-aml (the report's body; optional) → build (the pack; its text back, which the request
 *   thread signs) → lay-out (the PDF, given the signed JSON's SHA-256) → finish (the audit row's
 *   number, which the footers name) or drop.
 */

export type AmlPart = {
  /** Where the report's sections go among the pack's own. */
  at: number
  searchId: string
  status: SubjectStatus
  subject: Subject
  decisions: SearchDecisions
  /** The viewer's key for a masked pack; null for an unmasked one, or with masking off. */
  maskWith: RefKey | null
}

export type PackJob = { port: MessagePort }
export type PackOrder =
  | { kind: 'read-aml'; body: string }
  | { kind: 'build'; pack: EvidencePack; aml: AmlPart | null }
  | { kind: 'lay-out'; jsonSha256: string }
  | { kind: 'finish'; seq: number }
  | { kind: 'drop' }
export type AmlHead = { searchUuid: string; requestedName: string | null }
export type PackReply =
  | ({ kind: 'aml-read' } & AmlHead)
  | { kind: 'built'; json: string }
  | { kind: 'laid-out' }
  | { kind: 'done'; pdf: Uint8Array }
  /** `upstream` when the report's body broke its schema: the read failed, not the worker. */
  | { kind: 'failed'; message: string; upstream?: { path: string | null } }

parentPort?.on('message', ({ port }: PackJob) => {
  let report: AmlSearchResult | null = null
  let pack: EvidencePack | null = null
  let pdf: ReturnType<typeof layoutPdf> | null = null
  const reply = (message: PackReply) => port.postMessage(message)
  const fail = (error: unknown) => {
    reply({
      kind: 'failed',
      message: error instanceof Error ? error.message : String(error),
      ...(error instanceof UpstreamError ? { upstream: { path: error.path ?? null } } : {}),
    })
    port.close()
  }
  const obey = (order: PackOrder) => {
    switch (order.kind) {
      case 'read-aml': {
        report = validateUpstream(amlSearchResultSchema, parseUpstreamJson(order.body))
        reply({
          kind: 'aml-read',
          searchUuid: report.search_uuid,
          requestedName: report.requested_name ?? null,
        })
        return
      }
      case 'build': {
        pack = order.aml ? withReport(order.pack, order.aml, need(report)) : order.pack
        report = null
        reply({ kind: 'built', json: `${JSON.stringify(pack, null, 2)}\n` })
        return
      }
      case 'lay-out': {
        pdf = layoutPdf(need(pack), order.jsonSha256)
        pack = null
        reply({ kind: 'laid-out' })
        return
      }
      case 'finish': {
        need(pdf)
          .finish(order.seq)
          .then((bytes) => {
            reply({ kind: 'done', pdf: bytes })
            port.close()
          }, fail)
        return
      }
      case 'drop':
        port.close()
    }
  }
  port.on('message', (order: PackOrder) => {
    try {
      obey(order)
    } catch (error) {
      fail(error)
    }
  })
})

function need<T>(value: T | null): T {
  if (value === null) throw new Error('evidence pack worker: an order out of turn')
  return value
}

/** The pack with the report's sections in their place: compared, masked as on the page, counted. */
function withReport(pack: EvidencePack, aml: AmlPart, report: AmlSearchResult): EvidencePack {
  const review = reviewOf(aml.status, aml.subject, report.data)
  const shown = aml.maskWith
    ? (withMasksShown(
        projectAmlSearch(report, aml.searchId, aml.maskWith, true),
      ) as AmlSearchResult)
    : report
  const sections = [...pack.sections]
  sections.splice(aml.at, 0, ...amlSections(shown, review, aml.decisions))
  return { ...pack, sections }
}
