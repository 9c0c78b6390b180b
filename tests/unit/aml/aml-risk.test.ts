import { describe, expect, it } from 'vitest'

import { highestRisk, isDerivedRisk, matchRiskLevel, riskRank, riskTone } from '@/lib/aml/risk'
import type { AmlMatch } from '@/lib/upstream/schemas'

const match = (extra: Partial<AmlMatch>): AmlMatch => ({ uuid: 'm', ...extra })

describe('matchRiskLevel', () => {
  it('uses the string risk_score of real payloads first', () => {
    expect(matchRiskLevel(match({ risk_score: 'Medium', risk_score_value: 95 }))).toBe('Medium')
    expect(isDerivedRisk(match({ risk_score: 'Medium', risk_score_value: 95 }))).toBe(false)
  })

  it('reads a level from risk_score_value on a 0–100 scale when no string is given', () => {
    expect(matchRiskLevel(match({ risk_score_value: 70 }))).toBe('High')
    expect(matchRiskLevel(match({ risk_score_value: 69 }))).toBe('Medium')
    expect(matchRiskLevel(match({ risk_score_value: 40 }))).toBe('Medium')
    expect(matchRiskLevel(match({ risk_score_value: 39 }))).toBe('Low')
    expect(isDerivedRisk(match({ risk_score_value: 39 }))).toBe(true)
  })

  it('gives no level for a missing or out-of-scale value', () => {
    expect(matchRiskLevel(match({}))).toBeNull()
    expect(matchRiskLevel(match({ risk_score_value: 250 }))).toBeNull()
  })

  it('passes unknown level strings through', () => {
    expect(matchRiskLevel(match({ risk_score: 'UnknownScore' }))).toBe('UnknownScore')
  })
})

describe('highestRisk', () => {
  it('prefers the upstream max_risk_score', () => {
    expect(highestRisk({ max_risk_score: 'Medium', data: [match({ risk_score: 'High' })] })).toBe(
      'Medium',
    )
  })

  it('takes the highest level among the matches otherwise', () => {
    const data = [
      match({ risk_score: 'Low' }),
      match({ risk_score_value: 80 }),
      match({ risk_score: 'Medium' }),
    ]
    expect(highestRisk({ data })).toBe('High')
  })

  it('is null for a report without matches and keeps unknown levels when nothing else is known', () => {
    expect(highestRisk({ data: [] })).toBeNull()
    expect(highestRisk({ data: [match({ risk_score: 'UnknownScore' })] })).toBe('UnknownScore')
  })
})

describe('riskTone and riskRank', () => {
  it('colours High red, Medium amber, Low green and anything else neutral', () => {
    expect([
      riskTone('High'),
      riskTone('Medium'),
      riskTone('Low'),
      riskTone('noMatches'),
      riskTone(null),
    ]).toEqual(['red', 'amber', 'green', 'neutral', 'neutral'])
  })

  it('ranks High above Medium above Low above unknown', () => {
    expect([
      riskRank('High'),
      riskRank('Medium'),
      riskRank('Low'),
      riskRank('Other'),
      riskRank(null),
    ]).toEqual([3, 2, 1, 0, 0])
  })
})
