import type { ComponentProps } from 'react'
import { describe, expect, it } from 'vitest'

import type { MatchList } from '@/components/aml/match-list'
import type { RecordDetails } from '@/components/webhooks/record-details'
import { amlSearchResultSchema, webhookRecordSchema } from '@/lib/upstream/schemas'
import { importProjection, TEST_REF_KEY } from '@/tests/unit/helpers/projection'

/*
 * Client components take records only as the projection made them (lib/projection/projected.ts):
 * `npm run typecheck` fails if a `@ts-expect-error` line below stops being an error, that is, if a
 * raw upstream record could again be handed to a component that renders in the browser.
 */

type RecordProp = ComponentProps<typeof RecordDetails>['record']
type MatchesProp = ComponentProps<typeof MatchList>['matches']

describe('records on their way to a client component', () => {
  it('are accepted once projected, with personal data masked, and refused raw', async () => {
    const { projection } = await importProjection()
    const raw = webhookRecordSchema.parse({
      id: 'record-1',
      event_type: 'VERIFICATION_COMPLETED',
      payload: { applicant: { email: 'ann.example@example.org' } },
    })
    const projected: RecordProp = projection.project(
      raw,
      { type: 'webhook', id: raw.id },
      TEST_REF_KEY,
    )
    expect(JSON.stringify(projected)).not.toContain('ann.example@example.org')
    expect(JSON.stringify(raw)).toContain('ann.example@example.org')

    // @ts-expect-error a raw upstream record is not projected data
    const refused: RecordProp = raw
    expect(refused).toBe(raw)
  })

  it('refuses raw AML matches for the match list', async () => {
    const { projection } = await importProjection()
    const raw = amlSearchResultSchema.parse({
      search_uuid: 'search-1',
      data: [{ uuid: 'match-1', fields: { names: [{ full_name: 'A B' }] } }],
    })
    const projected: MatchesProp = projection.projectAmlSearch(raw, 'search-1', TEST_REF_KEY).data
    expect(projected).toHaveLength(1)

    // @ts-expect-error raw matches are not projected data
    const refused: MatchesProp = raw.data
    expect(refused).toHaveLength(1)
  })
})
