import 'server-only'

import type { Transaction } from 'kysely'

import { closeSettledCases, type ClosedCase } from '@/lib/cases/carried'
import type { MadeCase } from '@/lib/cases/create'
import { asObject, readArray } from '@/lib/json/read'
import {
  carryOverNewScreenings,
  correctCarryOvers,
  type Carried,
  type NewScreening,
} from '@/lib/review/standing/carry-over'
import type { Database } from '@/lib/store/schema'

import type { MirrorRecord } from './extract'

/*
 * What a new screening settles by itself, for the poll's pages and for deliveries alike: standing
 * false positives carried over (lib/review/standing/carry-over.ts) and the cases they settle closed
 * (lib/cases/carried.ts), in the transaction that stores the records.
 */

export type Settled = { carried: Carried[]; closed: ClosedCase[]; withdrawn?: Carried[] }

/** The matches an AML screening's raw record carries, by reference (no copy), or null. */
export function screeningMatches(raw: unknown): readonly unknown[] | null {
  let payload = asObject(raw)?.payload
  if (typeof payload === 'string') {
    try {
      payload = JSON.parse(payload) as unknown
    } catch {
      return null
    }
  }
  const root = asObject(payload)
  return readArray(asObject(root?.search_response) ?? asObject(root?.search_result), 'data')
}

/**
 * Carries decisions over to the screenings among `records` met for the first time (not in `held`:
 * a re-read page never carries onto an older screening), then closes the cases in `made` that the
 * carry-overs settle. A held screening whose content the poll `replaced` (the provider's history
 * correcting a delivery) has its carry-overs checked again on the new content (correctCarryOvers).
 */
export async function settleNewScreenings(
  trx: Transaction<Database>,
  records: readonly MirrorRecord[],
  matches: ReadonlyMap<string, readonly unknown[]>,
  held: ReadonlySet<string>,
  made: readonly MadeCase[],
  now: Date,
  replaced: ReadonlySet<string> = new Set(),
): Promise<Settled> {
  const screening = (record: MirrorRecord): NewScreening[] => {
    const found = matches.get(record.id)
    return found && record.applicant_id && record.search_uuid
      ? [
          {
            searchId: record.search_uuid.toLowerCase(),
            applicantId: record.applicant_id,
            matches: found,
          },
        ]
      : []
  }
  const carry = await carryOverNewScreenings(
    trx,
    records.flatMap((record) => (held.has(record.id) ? [] : screening(record))),
    now,
  )
  const closed = await closeSettledCases(trx, made, carry.settledReports, now)
  const corrected = records.filter((record) => replaced.has(record.id)).flatMap(screening)
  if (corrected.length === 0) return { carried: carry.carried, closed }
  const correction = await correctCarryOvers(trx, corrected, now)
  return {
    carried: [...carry.carried, ...correction.carried],
    closed,
    withdrawn: correction.withdrawn,
  }
}
