import { describe, expect, it } from 'vitest'

import { resourceForPathname } from '@/lib/audit/page-resource'
import { auditRequestSchema } from '@/lib/audit/request'
import { resourceForPath } from '@/lib/audit/resource'

describe('audited resource of an upstream read', () => {
  it.each([
    [
      '/api/v3/profiles/6b1df7cd-fb3c-4b10-83fe-09a9531e66e3',
      {},
      { type: 'profile', id: '6b1df7cd-fb3c-4b10-83fe-09a9531e66e3' },
    ],
    [
      '/api/v3/verifications/short/V2C0C0912153735BE',
      {},
      { type: 'verification', id: 'V2C0C0912153735BE' },
    ],
    [
      '/api/v3/aml/search/history/25de66dd-58ae-4e1a-aa9e-b9aaecac593f',
      {},
      { type: 'aml_search', id: '25de66dd-58ae-4e1a-aa9e-b9aaecac593f' },
    ],
    ['/api/v3/profiles', { page: 2, limit: 25 }, { type: 'profile_list', id: 'page=2,limit=25' }],
    [
      '/api/v3/notifications/webhook/history',
      { after: undefined, webhook_id: undefined },
      { type: 'webhook_history', id: null },
    ],
  ])('names %s by type and id', (path, query, expected) => {
    expect(resourceForPath(path, query)).toEqual(expected)
  })
})

describe('audited resource of a page', () => {
  it('reads the record from the page URL', () => {
    expect(resourceForPathname('/verifications/V2C0C0912153735BE')).toEqual({
      type: 'verification',
      id: 'V2C0C0912153735BE',
    })
    expect(resourceForPathname('/webhooks')).toEqual({ type: 'webhook_history', id: null })
    expect(resourceForPathname('/')).toBeNull()
  })
})

describe('reveal and export requests from the browser', () => {
  const reveal = auditRequestSchema('reveal')

  it('accept ids and the kind of the revealed value', () => {
    expect(
      reveal.parse({
        resourceType: 'verification',
        resourceId: 'V2C0C0912153735BE',
        field: 'date_of_birth',
      }),
    ).toEqual({
      resourceType: 'verification',
      resourceId: 'V2C0C0912153735BE',
      field: 'date_of_birth',
    })
  })

  it('refuse anything that could carry a personal value into the log', () => {
    expect(
      reveal.safeParse({
        resourceType: 'verification',
        resourceId: 'V2C0C0912153735BE',
        field: 'AB507864527',
      }).success,
    ).toBe(false)
    expect(
      reveal.safeParse({ resourceType: 'verification', resourceId: 'Li Na Zhang', field: 'name' })
        .success,
    ).toBe(false)
    expect(
      reveal.safeParse({ resourceType: 'person', resourceId: 'x', field: 'email' }).success,
    ).toBe(false)
  })

  it('default an export to the JSON format', () => {
    expect(
      auditRequestSchema('export').parse({ resourceType: 'aml_search', resourceId: 'abc' }),
    ).toMatchObject({ field: 'json' })
  })
})
