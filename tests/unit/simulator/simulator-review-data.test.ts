import { describe, expect, it } from 'vitest'

import { exampleIds } from '@/lib/demo/example-ids'
import { isUuid } from '@/lib/util/ids'
import type { AmlMatch, AmlSearchResult, Verification } from '@/lib/upstream/schemas'
import { buildDataset } from '@/simulator/data/dataset'
import { ARCHIVE_FROM } from '@/simulator/data/dataset-webhooks'
import { countries } from '@/simulator/data/vocab-people'

/* The data match review needs: subjects whose hits agree, conflict and lack facts; repeated
 * screenings of one applicant; screenings that differ from the verified identity; triage. */

const dataset = buildDataset()
const history = dataset.webhookHistory

type Request = {
  full_name: string
  date_of_birth?: { gte: string; lte: string }
  countries?: string[]
}
type Screening = {
  applicant_id: string
  search_request: Request
  search_response: AmlSearchResult
  risk_score: { type: string }
}
const screenings = history.flatMap((record, position) =>
  record.event_type === 'AML_SCREENING'
    ? [{ record, position, payload: record.payload as Screening }]
    : [],
)

const byShortId = (shortId: string): Verification => {
  const found = dataset.verifications.find((v) => v.verification_url_id === shortId)
  if (!found) throw new Error(`no verification ${shortId}`)
  return found
}
const alpha2 = (alpha3: string | null | undefined) =>
  countries.find((c) => c.alpha3 === alpha3)?.alpha2 ?? ''
const year = (date: string) => Number(date.slice(0, 4))
const yearsOf = (m: AmlMatch) =>
  (m.fields?.dates_of_birth ?? []).map((r) => [year(r.gte ?? ''), year(r.lte ?? '')] as const)
const countriesOf = (m: AmlMatch) => [
  ...(m.fields?.nationalities ?? []),
  ...(m.fields?.citizenships ?? []),
]
const riskOf = (m: AmlMatch) => {
  if (typeof m.risk_score === 'string') return m.risk_score
  const value = m.risk_score_value ?? 0
  return value >= 70 ? 'High' : value >= 40 ? 'Medium' : 'Low'
}
const itemsOf = (m: AmlMatch) => (m.fields?.sources?.length ?? 0) + (m.fields?.media?.length ?? 0)

/** How the matches of a report stand against one subject's birth year and country. */
function standing(report: AmlSearchResult, birthYear: number, country: string) {
  const dob = report.data.map((m) => {
    const years = yearsOf(m)
    if (years.length === 0) return 'missing'
    if (years.some(([from, to]) => from <= birthYear && birthYear <= to)) return 'agrees'
    return years.every(([from, to]) => birthYear - to >= 10 || from - birthYear >= 10)
      ? 'conflicts'
      : 'near'
  })
  const place = report.data.map((m) => {
    const codes = countriesOf(m)
    return codes.length === 0 ? 'missing' : codes.includes(country) ? 'agrees' : 'conflicts'
  })
  return { dob: new Set(dob), place: new Set(place) }
}

describe('simulator data for match review', () => {
  const review = byShortId(exampleIds.reviewShortId)
  const report = dataset.amlResults.get(exampleIds.reviewSearchId)
  const poi = review.poi_data

  it('has the review example: verified, screened as verified, about eight mixed matches', () => {
    expect(review.status).toBe('verified')
    expect(review.applicant_id).toBe(exampleIds.reviewApplicantId)
    expect(review.aml_search_id).toBe(exampleIds.reviewSearchId)
    expect(report?.requested_name).toBe(poi?.full_name?.toUpperCase())
    expect(report?.data.length).toBeGreaterThanOrEqual(6)
    expect(report?.data.length).toBeLessThanOrEqual(10)
    const { dob, place } = standing(report!, year(poi?.birth_date ?? ''), alpha2(poi?.nationality))
    for (const kind of ['agrees', 'conflicts', 'missing']) {
      expect(dob).toContain(kind)
      expect(place).toContain(kind)
    }
    const genders = new Set(
      report!.data.map((m) => (m.fields?.genders as string[] | undefined)?.[0] ?? 'none'),
    )
    expect(genders).toEqual(new Set(['male', 'female', 'none']))
  })

  it('names hits close to the subject, some with a transliteration in another script', () => {
    const words = (poi?.full_name ?? '').toLowerCase().split(' ')
    for (const match of report!.data) {
      const latin = (match.fields?.names ?? []).map((n) => (n.full_name ?? '').toLowerCase())
      const close = latin.some((name) =>
        name
          .split(/[\s.]+/)
          .some((w) => words.some((s) => w.length > 3 && s.slice(0, 4) === w.slice(0, 4))),
      )
      expect(close).toBe(true)
    }
    const cyrillic = report!.data.flatMap((m) =>
      (m.fields?.names ?? []).filter((n) => /\p{Script=Cyrillic}/u.test(n.full_name ?? '')),
    )
    expect(cyrillic.length).toBeGreaterThan(0)
    for (const name of cyrillic) expect(name.lang).toBe('ru')
  })

  it("sets every verification's own report against that verification's identity", () => {
    const own = dataset.verifications.filter(
      (v) =>
        v.poi_data?.birth_date &&
        v.aml_search_id !== exampleIds.amlRichId &&
        v.aml_search_id !== exampleIds.amlFiftyId &&
        (dataset.amlResults.get(v.aml_search_id ?? '')?.data.length ?? 0) >= 4,
    )
    expect(own.length).toBeGreaterThan(3)
    for (const v of own) {
      const result = dataset.amlResults.get(v.aml_search_id ?? '')!
      const { dob, place } = standing(
        result,
        year(v.poi_data!.birth_date!),
        alpha2(v.poi_data!.nationality),
      )
      expect([...dob]).toEqual(expect.arrayContaining(['agrees', 'conflicts', 'missing']))
      expect([...place]).toEqual(expect.arrayContaining(['agrees', 'conflicts', 'missing']))
    }
  })

  it('has subjects verified in a non-Latin script whose hits list that script', () => {
    const scripts = [/\p{Script=Cyrillic}/u, /\p{Script=Arabic}/u, /\p{Script=Hebrew}/u]
    const crossScript = dataset.verifications.filter((v) => {
      const script = scripts.find((s) => s.test(v.poi_data?.full_name ?? ''))
      const hits = dataset.amlResults.get(v.aml_search_id ?? '')?.data ?? []
      return (
        script &&
        hits.some((m) => (m.fields?.names ?? []).some((n) => script.test(n.full_name ?? '')))
      )
    })
    expect(crossScript.map((v) => v.verification_url_id)).toContain(exampleIds.differingShortId)
    expect(crossScript.length).toBeGreaterThanOrEqual(2)
  })

  it('screens at least three applicants repeatedly, days apart, keeping most match uuids', () => {
    const byApplicant = new Map<string, typeof screenings>()
    // The archive's re-screening, long after the first, is the history mirror's (simulator.test.ts).
    for (const s of screenings.filter((s) => s.position < ARCHIVE_FROM))
      byApplicant.set(s.payload.applicant_id, [
        ...(byApplicant.get(s.payload.applicant_id) ?? []),
        s,
      ])
    const repeated = [...byApplicant.entries()].filter(([, list]) => list.length > 1)
    expect(repeated.length).toBeGreaterThanOrEqual(3)
    expect(repeated.map(([applicant]) => applicant)).toContain(exampleIds.reviewApplicantId)
    for (const [, list] of repeated) {
      expect(list.length).toBeLessThanOrEqual(3)
      expect(list[0]!.position).toBeLessThan(100)
      for (const s of list) expect(s.position).toBeLessThan(500)
      const ids = list.map((s) => s.payload.search_response.search_uuid)
      expect(new Set(ids).size).toBe(list.length)
      for (let i = 1; i < list.length; i++) {
        const newer = list[i - 1]!
        const older = list[i]!
        const apart = Date.parse(newer.record.timestamp) - Date.parse(older.record.timestamp)
        expect(apart).toBeGreaterThan(24 * 3600_000)
        const before = new Map(older.payload.search_response.data.map((m) => [m.uuid, m]))
        const after = newer.payload.search_response.data
        const kept = after.filter((m) => before.has(m.uuid))
        const added = after.length - kept.length
        const removed = before.size - kept.length
        expect(kept.length).toBeGreaterThan(before.size / 2)
        expect(added).toBeGreaterThanOrEqual(1)
        expect(added).toBeLessThanOrEqual(2)
        expect(removed).toBeGreaterThanOrEqual(1)
        expect(removed).toBeLessThanOrEqual(2)
        expect(kept.filter((m) => riskOf(m) !== riskOf(before.get(m.uuid)!))).toHaveLength(1)
        expect(kept.some((m) => itemsOf(m) > itemsOf(before.get(m.uuid)!))).toBe(true)
      }
    }
  })

  it('places the review screenings under their example ids', () => {
    const newer = screenings.find((s) => s.record.id === exampleIds.reviewScreeningRecordId)
    expect(newer?.position).toBeLessThan(100)
    expect(newer?.payload.applicant_id).toBe(exampleIds.reviewApplicantId)
    expect(newer?.payload.search_response).toBe(report)
    const older = screenings.find(
      (s) => s.payload.search_response.search_uuid === exampleIds.reviewPreviousSearchId,
    )
    expect(older?.payload.applicant_id).toBe(exampleIds.reviewApplicantId)
    expect(older?.position).toBeGreaterThan(newer?.position ?? 0)
    expect(dataset.amlResults.get(exampleIds.reviewPreviousSearchId)).toBe(
      older?.payload.search_response,
    )
    for (const id of [
      exampleIds.reviewSearchId,
      exampleIds.reviewPreviousSearchId,
      exampleIds.reviewApplicantId,
      exampleIds.reviewScreeningRecordId,
    ])
      expect(isUuid(id)).toBe(true)
    for (const id of [exampleIds.reviewShortId, exampleIds.differingShortId])
      expect(id).toMatch(/^V[0-9A-F]{16}$/)
  })

  it('has linked screenings asked as verified and others asked differently', () => {
    const owners = new Map(dataset.verifications.map((v) => [v.aml_search_id, v]))
    const kinds = new Set<string>()
    for (const { payload } of screenings) {
      const owner = owners.get(payload.search_response.search_uuid)
      if (!owner?.poi_data) continue
      expect(payload.applicant_id).toBe(owner.applicant_id)
      const request = payload.search_request
      const birth = owner.poi_data.birth_date ?? ''
      const latin = owner.manual_fields?.full_name ?? owner.poi_data.full_name ?? ''
      const differences = [
        request.full_name !== latin.toUpperCase() &&
          request.full_name !== owner.poi_data.full_name?.toUpperCase() &&
          'name',
        !request.date_of_birth && 'no date of birth',
        request.date_of_birth &&
          year(request.date_of_birth.lte) - year(request.date_of_birth.gte) >= 9 &&
          'decade',
        !(request.countries ?? []).includes(alpha2(owner.poi_data.nationality)) && 'country',
      ].filter(Boolean)
      if (differences.length === 0) {
        expect(request.date_of_birth).toEqual({ gte: birth, lte: birth })
        kinds.add('as verified')
      }
      for (const d of differences) kinds.add(String(d))
    }
    expect(kinds).toEqual(new Set(['as verified', 'name', 'no date of birth', 'decade', 'country']))
  })

  it('has the differing example: screened under another name form and a decade', () => {
    const differing = byShortId(exampleIds.differingShortId)
    expect(differing.status).toBe('verified')
    const screening = screenings.find(
      (s) => s.payload.search_response.search_uuid === differing.aml_search_id,
    )
    const request = screening!.payload.search_request
    const birth = year(differing.poi_data?.birth_date ?? '')
    expect(screening!.payload.applicant_id).toBe(differing.applicant_id)
    expect(request.full_name).not.toBe(differing.poi_data?.full_name?.toUpperCase())
    expect(year(request.date_of_birth!.lte) - year(request.date_of_birth!.gte)).toBe(9)
    expect(year(request.date_of_birth!.gte)).toBeLessThanOrEqual(birth)
    expect(year(request.date_of_birth!.lte)).toBeGreaterThanOrEqual(birth)
  })

  it('holds triage material among the newest 50 records', () => {
    const top = history.slice(0, 50)
    const risky = top.filter((r) => {
      if (r.event_type !== 'AML_SCREENING') return false
      const payload = r.payload as Screening
      return (
        ['High', 'Medium'].includes(payload.risk_score.type) &&
        payload.search_response.data.length > 0
      )
    })
    expect(risky.length).toBeGreaterThanOrEqual(3)
    const failed = top.filter(
      (r) => r.event_type === 'DOCVER' && (r.payload as Verification).status === 'failed',
    )
    expect(failed.length).toBeGreaterThanOrEqual(2)
  })
})
