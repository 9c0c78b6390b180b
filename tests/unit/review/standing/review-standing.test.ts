import { sql } from 'kysely'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import { printMatch } from '@/lib/review/standing/fingerprint'
import { viewerOf } from '@/tests/unit/helpers/auth-settings'
import { signedInStore } from '@/tests/unit/helpers/signed-in-store'

/*
 * Standing false positives on the applicant page (#45): listed with who decided, when, how often
 * carried over and when the record last changed; a lead revokes one with a reason (audited as its
 * SHA-256), after which the next screening carries nothing.
 */

const signedIn = signedInStore()

const ana = viewerOf('ana')
const lea = viewerOf('lea', ['aml-leads'])

let modules: Awaited<ReturnType<typeof load>>

async function load() {
  return {
    standing: await import('@/lib/review/standing/service'),
    carry: await import('@/lib/review/standing/carry-over'),
    store: await import('@/lib/store/store'),
  }
}

beforeAll(async () => {
  modules = await load()
})

const raw = { uuid: 'm1', fields: { names: [{ full_name: 'Ivan Petrov' }] } }

describe('standing false positives', () => {
  it('lists one with its carry-overs and lets only a lead revoke it', async () => {
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const { db } = await modules.store.getStore()
    const print = printMatch(raw)
    const decidedAt = new Date(Date.now() - 3 * 86_400_000)
    const { id } = await db
      .insertInto('match_decisions')
      .values({
        search_id: 's1',
        match_uuid: 'm1',
        applicant_id: 'app-7',
        decision: 'false_positive',
        action: 'set',
        reason: 'Born in another decade',
        user_label: 'ana@verity.test',
        analyst_id: 'https://idp.test ana',
        at: decidedAt,
        carried_from: null,
        settles: true,
        fingerprint: print.fingerprint,
        judged: JSON.stringify(print.judged),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const screening = (searchId: string) => ({ searchId, applicantId: 'app-7', matches: [raw] })
    await modules.carry.carryOverNewScreenings(db, [screening('s2')], new Date(), 365)

    const [listed] = await modules.standing.standingFalsePositives(db, 'app-7', 365)
    expect(listed).toMatchObject({
      matchUuid: 'm1',
      matchName: 'Ivan Petrov',
      decisionId: id,
      user: 'ana@verity.test',
      decidedAt: decidedAt.toISOString(),
      carriedOver: 1,
      lastChanged: null,
      lapsesAt: new Date(decidedAt.getTime() + 365 * 86_400_000).toISOString(),
    })

    signedIn.viewer = ana
    await expect(
      modules.standing.revokeStanding({
        applicant_id: 'app-7',
        matchUuid: 'm1',
        reason: 'The list entry was amended',
      }),
    ).rejects.toMatchObject({ status: 403 })

    signedIn.viewer = lea
    await expect(
      modules.standing.revokeStanding({
        applicant_id: 'app-7',
        matchUuid: 'm1',
        reason: 'The list entry was amended',
      }),
    ).resolves.toEqual({ revoked: id })
    expect(await modules.standing.standingFalsePositives(db, 'app-7', 365)).toEqual([])
    const { rows } = await sql<{ reason: string; outcome: string }>`
      select reason, outcome from audit_events
      where resource_type = 'applicant' and resource_id = 'app-7' and action = 'decide'
      order by seq`.execute(db)
    expect(rows.map((row) => row.outcome)).toEqual(['refused', 'ok'])
    expect(rows[1]?.reason).toMatch(
      new RegExp(`^revoke decision ${id} reason sha256:[0-9a-f]{64}$`),
    )
    expect(JSON.stringify(rows)).not.toContain('amended')

    const next = await modules.carry.carryOverNewScreenings(db, [screening('s3')], new Date(), 365)
    expect(next.carried).toEqual([])
  })
})
