import { describe, expect, it } from 'vitest'

import { countByRisk, countByTag, countByType } from '@/lib/aml/counts'
import {
  DEFAULT_VIEW,
  filterMatches,
  parseReportView,
  type MatchFacts,
  reportViewSearch,
  sortMatches,
} from '@/lib/aml/view'
import type { AmlMatch } from '@/lib/upstream/schemas'

const m = (uuid: string, extra: Partial<AmlMatch>): AmlMatch => ({ uuid, ...extra })
const pct = (value: number) => ({ search_metadata: { name_match_percentage: value } })

const matches: AmlMatch[] = [
  m('a', { ...pct(60), importance_score: 0.9, risk_score: 'Low', type: 'Person', tags: ['PEP'] }),
  m('b', {
    ...pct(95),
    importance_score: 0.1,
    risk_score_value: 85,
    type: 'Organization',
    tags: ['Sanction', 'Media'],
  }),
  m('c', {
    importance_score: 0.5,
    risk_score: 'High',
    risk_score_value: 72,
    type: 'Person',
    tags: ['Sanction', 'Sanction'],
  }),
  m('d', { ...pct(80), risk_score: 'Medium' }),
]
const ids = (list: AmlMatch[]) => list.map((x) => x.uuid)
const options = {
  risk: ['High', 'Medium', 'Low'],
  type: ['Person', 'Organization'],
  tag: ['Sanction', 'PEP', 'Media'],
}

describe('sortMatches', () => {
  it('sorts by name match percentage, matches without one last', () => {
    expect(ids(sortMatches(matches, 'match'))).toEqual(['b', 'd', 'a', 'c'])
  })

  it('sorts by importance score, highest first', () => {
    expect(ids(sortMatches(matches, 'importance'))).toEqual(['a', 'c', 'b', 'd'])
  })

  it('sorts by risk level, then by the numeric score within a level', () => {
    expect(ids(sortMatches(matches, 'risk'))).toEqual(['b', 'c', 'd', 'a'])
  })

  it('keeps the upstream order for ties and does not change its input', () => {
    const tied = [m('x', {}), m('y', {}), m('z', {})]
    expect(ids(sortMatches(tied, 'importance'))).toEqual(['x', 'y', 'z'])
    expect(ids(matches)).toEqual(['a', 'b', 'c', 'd'])
  })
})

describe('filterMatches', () => {
  it('filters by risk level, derived levels included', () => {
    expect(ids(filterMatches(matches, { ...DEFAULT_VIEW, risk: 'High' }))).toEqual(['b', 'c'])
  })

  it('combines type and tag filters', () => {
    expect(
      ids(filterMatches(matches, { ...DEFAULT_VIEW, type: 'Person', tag: 'Sanction' })),
    ).toEqual(['c'])
  })

  it('counts a match without a type under Unknown, so it can be filtered too', () => {
    expect(ids(filterMatches(matches, { ...DEFAULT_VIEW, type: 'Unknown' }))).toEqual(['d'])
  })
})

describe('review sort and filters', () => {
  // a conflicts twice, b once, c has nothing to compare, d none; only d is reviewed.
  const conflicts: Record<string, number | null> = { a: 2, b: 1, c: null, d: 0 }
  const facts: MatchFacts = {
    conflicts: (uuid) => conflicts[uuid] ?? null,
    review: (uuid) => (uuid === 'd' ? 'decided' : 'unreviewed'),
  }

  it('sorts the most conflicting matches first, then by name match', () => {
    expect(ids(sortMatches(matches, 'conflicts', facts))).toEqual(['a', 'b', 'd', 'c'])
  })

  it('keeps matches without a conflict, counting nothing to compare as none', () => {
    expect(ids(filterMatches(matches, { ...DEFAULT_VIEW, fit: 'no-conflict' }, facts))).toEqual([
      'c',
      'd',
    ])
    expect(ids(filterMatches(matches, { ...DEFAULT_VIEW, fit: 'conflict' }, facts))).toEqual([
      'a',
      'b',
    ])
  })

  it('keeps the unreviewed matches', () => {
    expect(ids(filterMatches(matches, { ...DEFAULT_VIEW, review: 'unreviewed' }, facts))).toEqual([
      'a',
      'b',
      'c',
    ])
  })
})

describe('parseReportView and reportViewSearch', () => {
  it('reads sort and filters from the URL', () => {
    const params = new URLSearchParams('sort=risk&risk=High&type=Person&tag=PEP')
    expect(parseReportView(params, options)).toEqual({
      ...DEFAULT_VIEW,
      sort: 'risk',
      risk: 'High',
      type: 'Person',
      tag: 'PEP',
    })
  })

  it('reads the review sort and filters', () => {
    const params = new URLSearchParams('sort=conflicts&fit=no-conflict&review=unreviewed')
    expect(parseReportView(params, options)).toEqual({
      ...DEFAULT_VIEW,
      sort: 'conflicts',
      fit: 'no-conflict',
      review: 'unreviewed',
    })
    expect(parseReportView(new URLSearchParams('fit=maybe&review=done'), options)).toEqual(
      DEFAULT_VIEW,
    )
  })

  it('falls back to the defaults for unknown values', () => {
    const params = new URLSearchParams('sort=name&risk=Extreme&type=Dragon&tag=<b>')
    expect(parseReportView(params, options)).toEqual(DEFAULT_VIEW)
  })

  it('writes only what differs from the default, and nothing for the default view', () => {
    expect(reportViewSearch(DEFAULT_VIEW)).toBe('')
    expect(reportViewSearch({ ...DEFAULT_VIEW, sort: 'importance', tag: 'PEP' })).toBe(
      '?sort=importance&tag=PEP',
    )
  })

  it('round-trips a view through the URL', () => {
    const view = {
      ...DEFAULT_VIEW,
      sort: 'risk' as const,
      risk: 'Medium',
      tag: 'Media',
      review: 'awaiting_second' as const,
    }
    expect(parseReportView(new URLSearchParams(reportViewSearch(view)), options)).toEqual(view)
  })
})

describe('counts', () => {
  it('counts by risk, highest level first, with Unknown for matches without a level', () => {
    expect(countByRisk([...matches, m('e', {})])).toEqual([
      { value: 'High', count: 2 },
      { value: 'Medium', count: 1 },
      { value: 'Low', count: 1 },
      { value: 'Unknown', count: 1 },
    ])
  })

  it('counts by type, most frequent first', () => {
    expect(countByType(matches)).toEqual([
      { value: 'Person', count: 2 },
      { value: 'Organization', count: 1 },
      { value: 'Unknown', count: 1 },
    ])
  })

  it('counts a tag once per match even when repeated', () => {
    expect(countByTag(matches)).toEqual([
      { value: 'Sanction', count: 2 },
      { value: 'Media', count: 1 },
      { value: 'PEP', count: 1 },
    ])
  })
})
