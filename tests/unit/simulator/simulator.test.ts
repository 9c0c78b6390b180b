import { describe, expect, it } from 'vitest'
import {
  amlSearchResultSchema,
  profileSchema,
  verificationSchema,
  webhookRecordSchema,
} from '@/lib/upstream/schemas'
import { buildDataset } from '@/simulator/data/dataset'
import { exampleIds } from '@/lib/demo/example-ids'

const dataset = buildDataset()
const STATUSES = ['initial', 'pending', 'in_progress', 'verified', 'failed', 'canceled', 'expired']

describe('simulator data set', () => {
  it('parses with the app schemas', () => {
    for (const profile of dataset.profiles)
      expect(profileSchema.safeParse(profile).error).toBeUndefined()
    for (const verification of dataset.verifications)
      expect(verificationSchema.safeParse(verification).error).toBeUndefined()
    for (const result of dataset.amlResults.values())
      expect(amlSearchResultSchema.safeParse(result).error).toBeUndefined()
    for (const record of dataset.webhookHistory)
      expect(webhookRecordSchema.safeParse(record).error).toBeUndefined()
  })

  it('is deterministic, and the seed changes it', () => {
    expect(buildDataset()).toEqual(dataset)
    expect(buildDataset({ seed: 7 }).profiles[10]).not.toEqual(dataset.profiles[10])
  })

  it('has the sizes asked for, with the well-known records kept for tiny sizes', () => {
    expect(dataset.profiles.length).toBeGreaterThanOrEqual(60)
    expect(dataset.verifications.length).toBeGreaterThanOrEqual(40)
    expect(dataset.webhookHistory.length).toBeGreaterThanOrEqual(500)
    const tiny = buildDataset({ profiles: 1, verifications: 1, historyRecords: 1 })
    expect(tiny.profiles.map((p) => p.profile_id)).toContain(exampleIds.richProfileId)
    expect(tiny.verifications.map((v) => v.verification_url_id)).toContain(
      exampleIds.minimalShortId,
    )
    expect(new Set(tiny.webhookHistory.map((r) => r.event_type)).size).toBe(4)
    const big = buildDataset({ profiles: 300 })
    expect(big.profiles).toHaveLength(300)
    expect(big.profiles[5]).toEqual(dataset.profiles[5])
  })

  it('covers profiles: default, archived, names unique, tricky text', () => {
    const names = dataset.profiles.map((p) => p.name)
    expect(new Set(names).size).toBe(names.length)
    expect(dataset.profiles.filter((p) => p.is_default)).toHaveLength(1)
    expect(dataset.profiles.filter((p) => p.is_archived).length).toBeGreaterThan(3)
    expect(names).toContain('<script>alert("x")</script> onboarding')
    expect(dataset.profiles.some((p) => (p.description ?? '').length >= 300)).toBe(true)
    const counts = dataset.profiles.map((p) => p.settings?.countries?.length ?? 0)
    expect(Math.min(...counts)).toBe(0)
    expect(Math.max(...counts)).toBe(40)
    expect(dataset.profiles.some((p) => p.link?.archived_at)).toBe(true)
    expect(dataset.profiles.some((p) => p.link && !p.link.archived_at)).toBe(true)
  })

  it('covers verifications: every status, sandbox and live, short ids, urls, checks', () => {
    const profileIds = new Set(dataset.profiles.map((p) => p.profile_id))
    expect(new Set(dataset.verifications.map((v) => v.status))).toEqual(new Set(STATUSES))
    expect(new Set(dataset.verifications.map((v) => v.is_sandbox))).toEqual(new Set([true, false]))
    for (const v of dataset.verifications) {
      expect(v.verification_url_id).toMatch(/^V[0-9A-F]{16}$/)
      expect(v.verification_url).toBe(
        `https://am.dataspike.${v.is_sandbox ? 'dev' : 'io'}/${v.verification_url_id}`,
      )
      expect(profileIds.has(v.profile_id ?? '')).toBe(true)
      if (v.aml_search_id) expect(dataset.amlResults.has(v.aml_search_id)).toBe(true)
      expect(Object.keys(v.checks ?? {}).length).toBeGreaterThan(0)
      const mrz = v.checks?.document_mrz?.data as { birth_date?: string } | null | undefined
      if (mrz) expect(mrz.birth_date).toMatch(/^\d{6}$/)
    }
    const errorsExample = dataset.verifications.find(
      (v) => v.verification_url_id === exampleIds.errorsShortId,
    )
    const failing = Object.values(errorsExample?.checks ?? {}).filter(
      (c) => (c?.errors ?? []).length > 0,
    )
    expect(failing.length).toBeGreaterThan(1)
    const minimal = dataset.verifications.find(
      (v) => v.verification_url_id === exampleIds.minimalShortId,
    )
    for (const key of [
      'documents',
      'completed_at',
      'country_code',
      'poi_data',
      'aml_search_id',
      'manual_fields',
      'custom_files',
    ]) {
      expect(minimal).not.toHaveProperty(key)
    }
    const futureExpiry = dataset.verifications.filter(
      (v) =>
        ['initial', 'pending', 'in_progress'].includes(v.status ?? '') &&
        (v.expires_at ?? '') > '2027-06',
    )
    expect(futureExpiry.length).toBeGreaterThan(0)
  })

  it('has the example ids', () => {
    const profileIds = dataset.profiles.map((p) => p.profile_id)
    for (const id of [
      exampleIds.defaultProfileId,
      exampleIds.archivedProfileId,
      exampleIds.richProfileId,
      exampleIds.htmlProfileId,
    ])
      expect(profileIds).toContain(id)
    const shortIds = dataset.verifications.map((v) => v.verification_url_id)
    for (const [status, id] of Object.entries(exampleIds.shortIds)) {
      expect(dataset.verifications.find((v) => v.verification_url_id === id)?.status).toBe(status)
    }
    for (const id of [
      exampleIds.sandboxShortId,
      exampleIds.errorsShortId,
      exampleIds.minimalShortId,
    ])
      expect(shortIds).toContain(id)
    expect(dataset.amlResults.get(exampleIds.amlZeroId)?.data).toHaveLength(0)
    expect(dataset.amlResults.get(exampleIds.amlBigId)?.data).toHaveLength(1000)
    expect(dataset.amlResults.get(exampleIds.amlFiftyId)?.data).toHaveLength(50)
    expect(dataset.amlResults.get(exampleIds.amlLargeId)?.data.length).toBeGreaterThanOrEqual(300)
    const rich = dataset.amlResults.get(exampleIds.amlRichId)
    expect(new Set(rich?.data.map((m) => m.type))).toEqual(
      new Set(['Person', 'Organization', 'Vessel', 'Aircraft', 'CryptoWallet', 'Country']),
    )
  })

  it('covers AML results: associates resolve, scripts, risk styles, media units', () => {
    for (const result of dataset.amlResults.values()) {
      const uuids = new Set(result.data.map((m) => m.uuid))
      expect(uuids.size).toBe(result.data.length)
      for (const match of result.data) {
        for (const associate of match.fields?.associates ?? [])
          expect(uuids.has(associate.uuid ?? '')).toBe(true)
      }
      if (result.data.length === 0) expect(result).not.toHaveProperty('max_risk_score')
    }
    const matches = [...dataset.amlResults.values()].flatMap((r) => r.data)
    const names = matches
      .flatMap((m) => (m.fields?.names ?? []).map((n) => n.full_name ?? ''))
      .join(' ')
    for (const script of [
      /\p{Script=Cyrillic}/u,
      /\p{Script=Arabic}/u,
      /\p{Script=Han}/u,
      /\p{Script=Greek}/u,
    ])
      expect(names).toMatch(script)
    expect(matches.some((m) => typeof m.risk_score === 'string')).toBe(true)
    expect(matches.some((m) => typeof m.risk_score_value === 'number')).toBe(true)
    expect(matches.filter((m) => m.search_metadata).length).toBeGreaterThan(matches.length / 2)
    const published = matches.flatMap((m) =>
      (m.fields?.media ?? []).map((x) => x.published_at ?? 0),
    )
    expect(published.some((p) => p < 1e11)).toBe(true)
    expect(published.some((p) => p > 1e11)).toBe(true)
    expect(matches.some((m) => (m.annotation ?? '').includes('<b>bold</b>'))).toBe(true)
    const tags = new Set(matches.flatMap((m) => m.tags ?? []))
    for (const tag of [
      'Sanction',
      'PEP',
      'Media',
      'Debarred',
      'Associate',
      'CompanyRegistry',
      'RegulatoryWarning',
      'UnofficialSource',
      'PublicInterest',
    ])
      expect(tags).toContain(tag)
  })

  it('covers webhook history: newest first, several webhooks and types, real search ids', () => {
    const history = dataset.webhookHistory
    expect(new Set(history.map((r) => r.id)).size).toBe(history.length)
    for (let i = 1; i < history.length; i++)
      expect((history[i]?.timestamp ?? '') < (history[i - 1]?.timestamp ?? '')).toBe(true)
    expect(new Set(history.map((r) => r.webhook_id)).size).toBeGreaterThanOrEqual(3)
    expect(new Set(history.map((r) => r.event_type))).toEqual(
      new Set(['AML_SCREENING', 'DOCVER', 'DOCVER_CHECKS', 'APPLICANT_UPDATED']),
    )
    expect(history.filter((r) => r.event_type === 'AML_SCREENING').length).toBeGreaterThan(
      history.length / 2,
    )
    const applicants = new Set(dataset.verifications.map((v) => v.applicant_id))
    let linked = 0
    for (const record of history.filter((r) => r.event_type === 'AML_SCREENING')) {
      const payload = record.payload as {
        applicant_id: string
        search_response: { search_uuid: string }
      }
      expect(dataset.amlResults.get(payload.search_response.search_uuid)).toBe(
        payload.search_response,
      )
      if (applicants.has(payload.applicant_id)) linked++
    }
    expect(linked).toBeGreaterThan(0)
    const codes = new Set(history.map((r) => r.response_code))
    for (const code of [200, 500, 'timeout', '', undefined]) expect(codes).toContain(code)
  })
})
