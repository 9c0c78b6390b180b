import 'server-only'

import type { Kysely } from 'kysely'

import type { PackSection } from '@/lib/evidence/contract'
import type { Note } from '@/lib/notes/contract'
import type { Database } from '@/lib/store/schema'

import { NONE, plural, when } from './words'

/*
 * The sections every pack has, whatever its record: notes and the record's audit excerpt. A case
 * adds its own section the same way (state, owner, due date, event log) beside these.
 */

/** Rows of the excerpt at most, newest kept: a record opened daily for years stays readable. */
export const EXCERPT_MAX = 1_000

export function notesSection(notes: Note[]): PackSection {
  return {
    key: 'notes',
    title: 'Notes',
    blocks:
      notes.length === 0
        ? [{ kind: 'text', text: 'No notes.' }]
        : [
            {
              kind: 'table',
              columns: ['When', 'Analyst', 'Note'],
              widths: [1.5, 1.5, 4],
              // Oldest first, as a record of what happened reads.
              rows: [...notes].reverse().map((note) => [when(note.at), note.user, note.body]),
            },
          ],
  }
}

export type ExcerptRow = {
  seq: number
  at: Date
  user_label: string
  action: string
  field: string | null
  outcome: string
  hash: string
}

/**
 * Every row on the records (views, reveals, exports, decisions, notes; a case's pack: the case's
 * and its record's), oldest first.
 */
export async function readExcerpt(
  db: Kysely<Database>,
  resources: readonly { type: string; id: string }[],
) {
  const rows = await db
    .selectFrom('audit_events')
    .select(['seq', 'at', 'user_label', 'action', 'field', 'outcome', 'hash'])
    .where((eb) =>
      eb.or(
        resources.map((resource) =>
          eb.and([
            eb('resource_type', '=', resource.type),
            eb('resource_id', 'in', [...new Set([resource.id, resource.id.toLowerCase()])]),
          ]),
        ),
      ),
    )
    // Sealed rows only: a pack names each by its place and hash in the chain (make.ts seals first).
    .where('seq', 'is not', null)
    .$narrowType<{ seq: number; hash: string }>()
    .orderBy('seq', 'desc')
    .limit(EXCERPT_MAX + 1)
    .execute()
  return { rows: rows.slice(0, EXCERPT_MAX).reverse(), more: rows.length > EXCERPT_MAX }
}

export function auditSection({ rows, more }: { rows: ExcerptRow[]; more: boolean }): PackSection {
  return {
    key: 'audit',
    title: 'Audit excerpt',
    blocks: [
      {
        kind: 'text',
        text: `${plural(rows.length, 'row')} of Verity's audit trail on this record${more ? ` (the newest ${EXCERPT_MAX.toLocaleString('en')}; older ones are in the trail)` : ''}, up to the making of this pack. Each row's hash is its HMAC in the chain; \`npm run audit:verify\` checks the chain.`,
      },
      {
        kind: 'table',
        columns: ['Seq', 'When', 'Analyst', 'Action', 'Row hash'],
        widths: [0.6, 1.6, 1.5, 1.5, 2.6],
        mono: [0, 4],
        rows: rows.map((row) => [
          String(row.seq),
          when(row.at),
          row.user_label,
          [row.action, row.field, row.outcome === 'ok' ? null : row.outcome]
            .filter(Boolean)
            .join(' · ') || NONE,
          row.hash,
        ]),
      },
    ],
  }
}
