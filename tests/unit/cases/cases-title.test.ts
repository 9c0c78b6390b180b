import { describe, expect, it } from 'vitest'

import { caseTitle } from '@/lib/cases/title'

/* A case is titled by its applicant, its record's kind and day, not the record's id (#56 item 1). */

describe("a case's title", () => {
  it("is the applicant's name, the record's kind and its day (UTC)", () => {
    expect(
      caseTitle({ name: 'Jane Doe', kind: 'screening', since: '2026-10-24T23:30:00.000Z' }),
    ).toBe('Jane Doe · AML screening · 24 Oct 2026')
    expect(
      caseTitle({ name: 'Jane Doe', kind: 'failed_verification', since: '2026-10-25T00:10:00Z' }),
    ).toBe('Jane Doe · Failed verification · 25 Oct 2026')
  })

  it('says the name is unknown rather than showing an id', () => {
    expect(
      caseTitle({ name: null, kind: 'failed_verification', since: '2026-01-02T08:00:00Z' }),
    ).toBe('Name unknown · Failed verification · 2 Jan 2026')
  })
})
