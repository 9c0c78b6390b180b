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
      order by id`.execute(db)
    expect(rows.map((row) => row.outcome)).toEqual(['refused', 'ok'])
    expect(rows[1]?.reason).toMatch(
      new RegExp(`^revoke decision ${id} reason sha256:[0-9a-f]{64}$`),
    )
    expect(JSON.stringify(rows)).not.toContain('amended')

    const next = await modules.carry.carryOverNewScreenings(db, [screening('s3')], new Date(), 365)
    expect(next.carried).toEqual([])
  })

  it('lists and revokes those of an applicant id the mirror accepts, one rule for all (#54 item 9)', async () => {
    const applicant = 'ext/ACME Corp+42'
    const { extractRecord } = await import('@/lib/history-mirror/extract')
    const { isApplicantId } = await import('@/lib/util/ids')
    const { revocationRequest } = await import('@/lib/review/standing/revocation-request')
    // The mirror holds it as sent; the page and the route take what the mirror holds.
    const held = extractRecord({
      id: 'rec-acme',
      event_type: 'AML_SCREENING',
      payload: { applicant_id: applicant },
    })
    expect(held?.applicant_id).toBe(applicant)
    for (const id of [applicant, 'ünïcode id', 'a'.repeat(1_000), 'with:colons_and.dots-1']) {
      expect(isApplicantId(id), id).toBe(true)
    }
    for (const id of ['', '   ', 'nul\u0000', 'a'.repeat(1_001), '\ud800']) {
      expect(isApplicantId(id), JSON.stringify(id)).toBe(false)
    }
    const { db } = await modules.store.getStore()
    const print = printMatch(raw)
    const { id } = await db
      .insertInto('match_decisions')
      .values({
        search_id: 's-acme',
        match_uuid: 'm1',
        applicant_id: applicant,
        decision: 'false_positive',
        action: 'set',
        reason: 'Born in another decade',
        user_label: 'ana@verity.test',
        analyst_id: 'https://idp.test ana',
        at: new Date(),
        carried_from: null,
        settles: true,
        fingerprint: print.fingerprint,
        judged: JSON.stringify(print.judged),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect(await modules.standing.standingFalsePositives(db, applicant, 365)).toHaveLength(1)
    const request = revocationRequest.parse({
      applicant_id: applicant,
      matchUuid: 'm1',
      reason: 'The list entry was amended',
    })
    signedIn.viewer = lea
    await expect(modules.standing.revokeStanding(request)).resolves.toEqual({ revoked: id })
    expect(await modules.standing.standingFalsePositives(db, applicant, 365)).toEqual([])
  })
})
