import 'server-only'

import { sql, type Kysely } from 'kysely'

import type { Database } from '@/lib/store/schema'

import type { MirrorRecord } from './extract'

/** Every column a re-read may change; the id and when it was first seen never do. */
const UPDATABLE = [
  'webhook_id',
  'event_type',
  'at',
  'payload_state',
  'applicant_id',
  'screening_id',
  'search_uuid',
  'verification_id',
  'short_id',
  'status',
  'requested_name',
  'name_key',
  'risk',
  'match_count',
  'external_id',
  'is_sandbox',
  'error_codes',
  'attempts',
  'response_code',
] as const satisfies readonly (keyof MirrorRecord)[]

/**
 * Inserts new records and updates held ones only where something differs (a redelivery's attempts
 * and response code, usually), so re-reading a page writes nothing. Returns the ids already held
 * before, which tell a poll it has reached what the mirror has.
 */
export async function upsertRecords(
  db: Kysely<Database>,
  records: readonly MirrorRecord[],
  now: Date,
): Promise<Set<string>> {
  if (records.length === 0) return new Set()
  const unique = [...new Map(records.map((record) => [record.id, record])).values()]
  const held = await db
    .selectFrom('history_records')
    .select('id')
    .where(
      'id',
      'in',
      unique.map((record) => record.id),
    )
    .execute()
  const changed = sql.join(
    UPDATABLE.map(
      (column) =>
        sql`${sql.ref(`history_records.${column}`)} is distinct from ${sql.ref(`excluded.${column}`)}`,
    ),
    sql` or `,
  )
  await db
    .insertInto('history_records')
    .values(unique.map((record) => ({ ...record, first_seen_at: now, updated_at: now })))
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet((eb) => ({
          ...Object.fromEntries(UPDATABLE.map((column) => [column, eb.ref(`excluded.${column}`)])),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where(sql<boolean>`(${changed})`),
    )
    .execute()
  return new Set(held.map((row) => row.id))
}
