import { describe, expect, it } from 'vitest'

import { citationStatus, draftNarrative, type CaseFacts } from '@/lib/fiu-reports/template'

/* The drafted narrative of a report to the FIU: every sentence cites its source, and a citation
 * whose source changed or whose sentence was edited away is flagged (issue #56 item 3). */

function facts(): CaseFacts {
  return {
    caseId: 7,
    searchId: 'a1b2c3d4-0000-4000-8000-000000000001',
    screenedName: 'Ivan Petrov',
    subject: {
      firstName: 'Ivan',
      middleName: '',
      lastName: 'Petrov',
      birthdate: '1970-01-31',
      nationality: 'RU',
      passportNumber: 'X1234567',
      passportCountry: 'RU',
      idNumber: '',
    },
    subjectSource: 'verification V1',
    matches: [
      {
        uuid: 'm1',
        name: 'Ivan PETROV',
        lists: ['OFAC SDN', 'EU Consolidated'],
        programmes: ['UKRAINE-EO13661'],
        roles: [],
      },
      { uuid: 'm2', name: 'Ivana Petrova', lists: ['UN'], programmes: [], roles: [] },
    ],
    decisions: [
      {
        id: 11,
        matchUuid: 'm1',
        decision: 'true_match',
        action: 'set',
        reason: 'Same date of birth',
        by: 'ana@verity.test',
        at: '2026-11-01T10:00:00Z',
        settles: false,
      },
      {
        id: 12,
        matchUuid: 'm1',
        decision: 'true_match',
        action: 'confirm',
        reason: 'Agreed, same passport',
        by: 'lea@verity.test',
        at: '2026-11-01T12:00:00Z',
        settles: true,
      },
      {
        id: 13,
        matchUuid: 'm2',
        decision: 'false_positive',
        action: 'set',
        reason: 'Different person',
        by: 'ana@verity.test',
        at: '2026-11-01T10:05:00Z',
        settles: true,
      },
    ],
    events: [
      {
        id: 100,
        kind: 'created',
        outcome: null,
        reason: null,
        by: 'history mirror',
        at: '2026-10-31T09:00:00Z',
      },
      {
        id: 101,
        kind: 'closed',
        outcome: 'true_match',
        reason: 'Confirmed sanctions hit',
        by: 'ana@verity.test',
        at: '2026-11-02T09:00:00Z',
      },
    ],
  }
}

describe('the drafted narrative', () => {
  it('cites the case opening, the true match, each decision on it and the closing', () => {
    const drafted = draftNarrative(facts())
    expect(drafted.citations.map((citation) => [citation.source.type, citation.source.id])).toEqual(
      [
        ['case_event', '100'],
        ['match', 'm1'],
        ['decision', '11'],
        ['decision', '12'],
        ['case_event', '101'],
      ],
    )
    expect(drafted.reason).toContain(
      'The match Ivan PETROV is listed on OFAC SDN and EU Consolidated (UKRAINE-EO13661). [c2]',
    )
    expect(drafted.reason).toContain(
      'lea@verity.test confirmed on 2026-11-01 that Ivan PETROV is a true match',
    )
    // The false positive is no part of the report.
    expect(drafted.reason).not.toContain('Ivana Petrova')
    expect(drafted.action).toBe(
      'ana@verity.test closed case 7 on 2026-11-02 as a true match, giving the reason: "Confirmed sanctions hit". [c5]',
    )
    for (const citation of drafted.citations) {
      expect(`${drafted.reason}\n${drafted.action}`).toContain(
        `${citation.sentence} [${citation.id}]`,
      )
      expect(citation.source.href).toMatch(/^\/(cases|aml)\//)
    }
  })

  it('cites a closing a lead confirmed (four eyes on closing) as the closing', () => {
    const confirmed = facts()
    confirmed.events[1] = {
      ...confirmed.events[1]!,
      kind: 'closure_confirmed',
      by: 'lou@verity.test',
    }
    const drafted = draftNarrative(confirmed)
    expect(drafted.citations.at(-1)?.source).toMatchObject({ type: 'case_event', id: '101' })
    expect(drafted.action).toBe(
      'lou@verity.test closed case 7 on 2026-11-02 as a true match, giving the reason: "Confirmed sanctions hit". [c5]',
    )
  })

  it('holds every citation while nothing changed', () => {
    const drafted = draftNarrative(facts())
    expect(citationStatus(drafted.citations, drafted, facts()).every((c) => c.stale === null)).toBe(
      true,
    )
  })

  it('flags a citation whose decision was overturned since, and one whose sentence was edited away', () => {
    const drafted = draftNarrative(facts())
    const later = facts()
    later.decisions.push({
      id: 14,
      matchUuid: 'm1',
      decision: 'false_positive',
      action: 'overturn',
      reason: 'Wrong person after all',
      by: 'lea@verity.test',
      at: '2026-11-03T09:00:00Z',
      settles: true,
    })
    const edited = {
      reason: drafted.reason.replace(/^.*\[c1\]$/m, 'Rewritten by the analyst.'),
      action: drafted.action,
    }
    const status = citationStatus(drafted.citations, edited, later)
    const byId = Object.fromEntries(status.map((citation) => [citation.id, citation.stale]))
    expect(byId.c1).toBe('Its sentence was edited or removed from the text.')
    expect(byId.c3).toBe('The decision it cites has changed since it was drafted.')
    expect(byId.c4).toBe('The decision it cites has changed since it was drafted.')
    expect(byId.c5).toBeNull()
  })

  it('flags a citation whose match is gone from the screening', () => {
    const drafted = draftNarrative(facts())
    const later = facts()
    later.matches = later.matches.filter((match) => match.uuid !== 'm1')
    const status = citationStatus(drafted.citations, drafted, later)
    expect(status.find((citation) => citation.id === 'c2')?.stale).toBe(
      'The match it cites is gone.',
    )
  })
})
