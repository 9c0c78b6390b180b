import 'server-only'

import { createHash } from 'node:crypto'

import type { Kysely } from 'kysely'

import { requireViewer } from '@/lib/auth/session'
import { actorOf } from '@/lib/cases/settings'
import type { PackAttachment, PackSection } from '@/lib/evidence/contract'
import type { Database } from '@/lib/store/schema'

import { stateLabels } from './contract'
import { maySee } from './rules'
import { reportFiles } from './service'

/*
 * A case's reports to the FIU in its evidence pack (lib/evidence/content.ts): each report past
 * approval, for a viewer who may know of it (leads, its drafter), as a section (its facts, its
 * citations, its files with their SHA-256, all in the signed JSON) and its two files as they were
 * approved: the goAML XML and the PDF for human review. For anyone else the pack says nothing of
 * them (tipping-off rules).
 */

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

export async function reportsForPack(
  db: Kysely<Database>,
  caseId: number,
): Promise<{ sections: PackSection[]; attachments: PackAttachment[] }> {
  const viewer = await requireViewer()
  const actor = actorOf(viewer)
  const rows = await db
    .selectFrom('fiu_reports')
    .selectAll()
    .where('case_id', '=', caseId)
    .where('state', 'in', ['approved', 'filed', 'acknowledged', 'rejected'])
    .orderBy('id')
    .execute()
  const sections: PackSection[] = []
  const attachments: PackAttachment[] = []
  for (const row of rows.filter((report) => maySee(actor, { drafterId: report.drafter_id }))) {
    const { xml, pdf, view } = await reportFiles(db, viewer, row)
    const base = `verity-${row.code.toLowerCase()}-report-${row.id}`
    const files = [
      { name: `${base}.xml`, type: 'application/xml', bytes: xml },
      { name: `${base}.pdf`, type: 'application/pdf', bytes: pdf },
    ]
    for (const file of files) {
      attachments.push({
        name: file.name,
        type: file.type,
        base64: Buffer.from(file.bytes).toString('base64'),
      })
    }
    sections.push({
      key: `fiu-report-${row.id}`,
      title: `Report to the FIU: ${row.code} ${row.id}`,
      blocks: [
        {
          kind: 'facts',
          facts: [
            { label: 'State', value: stateLabels[row.state] },
            { label: 'Drafted by', value: row.drafter_label },
            { label: 'Approved by', value: row.approver_label ?? '—' },
            { label: 'FIU reference', value: row.fiu_ref ?? '—' },
            { label: 'Filed', value: row.filed_at?.toISOString() ?? '—' },
          ],
        },
        { kind: 'subheading', text: 'Files' },
        {
          kind: 'table',
          columns: ['File', 'SHA-256'],
          widths: [2, 4],
          mono: [1],
          rows: files.map((file) => [file.name, sha256(file.bytes)]),
        },
        { kind: 'subheading', text: 'Citations of the narrative' },
        {
          kind: 'table',
          columns: ['Mark', 'Source', 'Sentence'],
          widths: [0.6, 2, 4],
          rows: view.citations.map((citation) => [
            citation.id,
            `${citation.source.label}${citation.stale ? ` (flagged: ${citation.stale})` : ''}`,
            citation.sentence,
          ]),
        },
      ],
    })
  }
  return { sections, attachments }
}
