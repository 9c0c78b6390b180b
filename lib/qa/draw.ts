import { createHash } from 'node:crypto'

/*
 * The QA draw, pure and deterministic: the same seed and population always give the same sample,
 * so the exam pack's verifier redraws it offline and an auditor sees nothing was picked by hand
 * (docs/exam.md). For each analyst: every true match they closed, every closure in their first
 * `newAnalystDays` (from their first step on any case), and `percent` of their closures (at least
 * one) chosen by rank of SHA-256(seed, case id) among those the first two rules did not take.
 */

export type QaClosure = {
  caseId: number
  analystId: string
  closedAt: string
  outcome: string
  analystSince: string
}

export type QaDrawn = { caseId: number; why: 'true_match' | 'new_analyst' | 'share' }

export type QaRule = { percent: number; newAnalystDays: number }

const DAY = 86_400_000

function rank(seed: string, caseId: number) {
  return createHash('sha256').update(`verity qa draw\n${seed}\n${caseId}`).digest('hex')
}

export function drawSample(
  seed: string,
  population: readonly QaClosure[],
  rule: QaRule,
): QaDrawn[] {
  const byAnalyst = new Map<string, QaClosure[]>()
  for (const closure of population) {
    const list = byAnalyst.get(closure.analystId) ?? []
    list.push(closure)
    byAnalyst.set(closure.analystId, list)
  }
  const drawn: QaDrawn[] = []
  for (const closures of byAnalyst.values()) {
    const rest: QaClosure[] = []
    for (const closure of closures) {
      const newcomer =
        Date.parse(closure.closedAt) - Date.parse(closure.analystSince) < rule.newAnalystDays * DAY
      if (closure.outcome === 'true_match')
        drawn.push({ caseId: closure.caseId, why: 'true_match' })
      else if (newcomer) drawn.push({ caseId: closure.caseId, why: 'new_analyst' })
      else rest.push(closure)
    }
    const share = Math.max(1, Math.ceil((closures.length * rule.percent) / 100))
    const taken = closures.length - rest.length
    const more = Math.max(0, Math.min(rest.length, share - taken))
    const ranked = rest
      .map((closure) => ({ closure, rank: rank(seed, closure.caseId) }))
      .sort((a, b) =>
        a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : a.closure.caseId - b.closure.caseId,
      )
    for (const { closure } of ranked.slice(0, more)) {
      drawn.push({ caseId: closure.caseId, why: 'share' })
    }
  }
  return drawn.sort((a, b) => a.caseId - b.caseId)
}

/** Two samples are the same draw when they hold the same cases for the same reasons. */
export function sameSample(a: readonly QaDrawn[], b: readonly QaDrawn[]) {
  const key = (sample: readonly QaDrawn[]) =>
    [...sample]
      .sort((x, y) => x.caseId - y.caseId)
      .map((item) => `${item.caseId}:${item.why}`)
      .join(',')
  return key(a) === key(b)
}
