import 'server-only'

import type { PackSection } from '@/lib/evidence/contract'
import type { Verification } from '@/lib/upstream/schemas'
import { checkEntries, errorSummary } from '@/lib/verifications/checks'
import { errorCategory } from '@/lib/verifications/error-codes'
import { isFinal, movesFrom } from '@/lib/verifications/lifecycle'
import { checkStatusLook, verificationStatusLook } from '@/lib/verifications/status'

import { factsOf, text, when } from './words'

/*
 * A verification as Verity shows it: the header, its lifecycle, each check with its errors and
 * codes, and the identity data. `v` is already what may leave (masks shown, or the raw record for
 * an unmasked pack).
 */

export function verificationSections(v: Verification): PackSection[] {
  const status = verificationStatusLook(v.status)
  const entries = checkEntries(v)
  const moves = movesFrom(v.status)
  return [
    {
      key: 'verification',
      title: 'Verification',
      blocks: [
        {
          kind: 'facts',
          facts: [
            { label: 'Short id', value: text(v.verification_url_id) },
            { label: 'Status', value: `${status.label} (${text(v.status)}): ${status.hint}` },
            { label: 'Verification id', value: v.id },
            { label: 'Applicant', value: text(v.applicant_id) },
            { label: 'Profile', value: text(v.profile_id) },
            { label: 'Sandbox', value: v.is_sandbox ? 'yes: not a real applicant' : 'no' },
            { label: 'AML report', value: text(v.aml_search_id) },
          ],
        },
      ],
    },
    {
      key: 'lifecycle',
      title: 'Lifecycle',
      blocks: [
        {
          kind: 'facts',
          facts: [
            { label: 'Created', value: when(v.created_at) },
            { label: 'Completed', value: v.completed_at ? when(v.completed_at) : 'not completed' },
            { label: 'Expires', value: when(v.expires_at) },
            {
              label: 'Where it stands',
              value: isFinal(v.status)
                ? 'final: the status will not change'
                : moves && moves.length > 0
                  ? `may still move to ${moves.map((move) => move.to).join(', ')}`
                  : 'unknown status',
            },
          ],
        },
      ],
    },
    {
      key: 'checks',
      title: 'Checks',
      blocks: [
        { kind: 'text', text: errorSummary(entries) },
        {
          kind: 'table',
          columns: ['Check', 'Required', 'Status', 'Errors (code: category, message)'],
          widths: [1.3, 0.9, 0.9, 3.4],
          rows: entries.map((entry) => [
            entry.label,
            entry.requirement,
            entry.reported ? checkStatusLook(entry.check?.status).label : 'not reported',
            entry.errors.length === 0
              ? 'none'
              : entry.errors
                  .map(
                    (error) =>
                      `${text(error.code)}: ${errorCategory(error.code)?.label ?? 'Uncategorised code'}, ${text(error.message)}`,
                  )
                  .join('\n'),
          ]),
        },
      ],
    },
    {
      key: 'identity',
      title: 'Identity data',
      blocks: identityBlocks(v),
    },
  ]
}

function identityBlocks(v: Verification): PackSection['blocks'] {
  const sources = [
    { title: 'MRZ (checks.document_mrz.data)', value: v.checks?.document_mrz?.data },
    { title: 'Proof of identity (poi_data)', value: v.poi_data },
    { title: 'Manual fields (manual_fields)', value: v.manual_fields },
    { title: 'Custom files (custom_files)', value: v.custom_files },
  ]
  const blocks: PackSection['blocks'] = []
  if (v.country_code)
    blocks.push({ kind: 'facts', facts: [{ label: 'Country', value: v.country_code }] })
  for (const source of sources) {
    const facts = factsOf(source.value)
    if (facts.length === 0) continue
    blocks.push({ kind: 'subheading', text: source.title }, { kind: 'facts', facts })
  }
  const documents = v.documents ?? []
  if (documents.length > 0) {
    blocks.push(
      { kind: 'subheading', text: 'Documents' },
      {
        kind: 'table',
        columns: ['Type', 'Content type', 'Document id'],
        widths: [1.5, 1.5, 3],
        mono: [2],
        rows: documents.map((doc) => [
          text(doc.document_type),
          text(doc.content_type),
          text(doc.document_id),
        ]),
      },
    )
  }
  if (blocks.length === 0) blocks.push({ kind: 'text', text: 'No identity data collected yet.' })
  return blocks
}
