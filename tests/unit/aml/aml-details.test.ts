import { beforeAll, describe, expect, it } from 'vitest'

import { exampleIds } from '@/lib/demo/example-ids'
import { detailsOf, listPart, listReport, withDetails } from '@/lib/aml/details'
import type * as ProjectModule from '@/lib/projection/project'
import { buildDataset } from '@/simulator/data/dataset'
import { importProjection, TEST_REF_KEY } from '@/tests/unit/helpers/projection'

let projection: typeof ProjectModule

beforeAll(async () => {
  ;({ projection } = await importProjection())
})

const dataset = buildDataset()
const rich = dataset.amlResults.get(exampleIds.amlRichId)!
const big = dataset.amlResults.get(exampleIds.amlBigId)!

describe('a report sent in two parts', () => {
  it('the list part holds what a collapsed card, the sort and the filters read, and no field records', () => {
    const match = rich.data.find((m) => (m.fields?.dates_of_birth ?? []).length > 0)!
    const part = listPart(match)
    expect(part.uuid).toBe(match.uuid)
    expect(part.type).toBe(match.type)
    expect(part.tags).toEqual(match.tags)
    expect(part.risk_score).toEqual(match.risk_score)
    expect(part.search_metadata?.name_match_percentage).toBe(
      match.search_metadata?.name_match_percentage,
    )
    expect(part.fields?.dates_of_birth).toBeUndefined()
    expect(JSON.stringify(listReport(big)).length).toBeLessThan(JSON.stringify(big).length / 2)
  })

  it('keeps the name records of a match without a best match name, for its card', () => {
    const match = rich.data[0]!
    const nameless = { ...match, search_metadata: { name_match_percentage: 80 } }
    expect(listPart(nameless).fields).toEqual({ names: match.fields?.names })
  })

  it("the page's list part and the route's whole report mask every value under the same token", () => {
    for (const [id, report] of [
      [exampleIds.amlRichId, rich],
      [exampleIds.amlBigId, big],
    ] as const) {
      const whole = projection.projectAmlSearch(report, id, TEST_REF_KEY)
      const list = projection.projectAmlSearch(listReport(report), id, TEST_REF_KEY)
      const details = detailsOf(whole.data)
      const joined = list.data.map((match) => withDetails(match, details[match.uuid]))
      expect(joined).toEqual(whole.data)
      expect({ ...list, data: [] }).toEqual({ ...whole, data: [] })
    }
    // Masking is on: the rich report's dates of birth left the projection as tokens.
    const born = rich.data.find((m) => (m.fields?.dates_of_birth ?? []).length > 0)!
    const whole = projection.projectAmlSearch(rich, exampleIds.amlRichId, TEST_REF_KEY)
    expect(JSON.stringify(detailsOf(whole.data)[born.uuid]?.fields?.dates_of_birth)).not.toContain(
      JSON.stringify(born.fields?.dates_of_birth?.[0]?.gte),
    )
  })
})
