import 'server-only'

import { sql, type Kysely } from 'kysely'

import type { Database } from '@/lib/store/schema'

/*
 * Whether the record an evidence pack was made of belongs to an applicant erased under retention:
 * its verification (short id), AML report (search id) or case leads to the applicant through the
 * mirror's skeleton, which erasure keeps. `npm run evidence:verify` says so rather than failing.
 */
export async function packErasure(
  db: Kysely<Database>,
  resource: { type: string; id: string | null },
): Promise<{ on: string; rule: string } | null> {
  if (resource.id === null) return null
  const id = resource.id
  const { rows } = await sql<{ on: string; rule: string }>`
    select to_char(e.erased_at at time zone 'UTC', 'YYYY-MM-DD') as on, e.rule
    from retention_erased e
    where e.applicant_id in (
      select h.applicant_id from history_records h
      where (${resource.type} = 'verification' and h.short_id = ${id})
        or (${resource.type} = 'aml_search' and lower(h.search_uuid) = lower(${id}))
      union all
      select c.applicant_id from cases c
      where ${resource.type} = 'case' and c.id::text = ${id}
    )
    limit 1
  `.execute(db)
  return rows[0] ?? null
}
