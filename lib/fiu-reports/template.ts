import { createHash } from 'node:crypto'

import type { Citation, CitationView, ReportFields, ReportSubject, SourceType } from './contract'

/*
 * The drafted narrative: sentences made from what Verity knows of the case (its matches, the
 * decisions on them, the case's own events), each carrying a mark `[c1]` and a citation naming its
 * source and a digest of what the source said. The analyst edits the text freely; when the report
 * is read again, a citation whose source changed since (or is gone), or whose sentence is no
 * longer in the text, is flagged (`citationStatus`). Pure: the facts are gathered elsewhere
 * (facts.ts), so the tests give them as they please.
 */

export type MatchFact = {
  uuid: string
  name: string
  /** The lists it was found on (the sources' names). */
  lists: string[]
  /** Sanction programmes, tags and reasons as the sources give them. */
  programmes: string[]
  /** PEP roles. */
  roles: string[]
}

export type DecisionFact = {
  id: number
  matchUuid: string
  decision: string
  action: string
  reason: string
  by: string
  at: string
  /** Whether it stands under the four-eyes rule. */
  settles: boolean
}

export type EventFact = {
  id: number
  kind: string
  outcome: string | null
  reason: string | null
  by: string
  at: string
}

export type CaseFacts = {
  caseId: number
  searchId: string | null
  /** The name the applicant was screened under. */
  screenedName: string | null
  subject: ReportSubject
  subjectSource: string
  matches: MatchFact[]
  decisions: DecisionFact[]
  events: EventFact[]
}

export function digestOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16)
}

/** What each kind of source is judged by: the parts a sentence says. */
export function sourceDigest(type: SourceType, facts: CaseFacts, id: string): string | null {
  switch (type) {
    case 'match': {
      const match = facts.matches.find((item) => item.uuid === id)
      return match ? digestOf([match.name, match.lists, match.programmes, match.roles]) : null
    }
    case 'decision': {
      const decision = facts.decisions.find((item) => String(item.id) === id)
      if (!decision) return null
      // A decision is itself unchanging; it no longer says the same once a newer one on its match
      // replaced it.
      const newest = newestDecision(facts, decision.matchUuid)
      return newest?.id === decision.id
        ? digestOf([decision.decision, decision.reason, decision.settles])
        : digestOf(['replaced', newest?.id])
    }
    case 'case_event': {
      const event = facts.events.find((item) => String(item.id) === id)
      return event ? digestOf([event.kind, event.outcome, event.reason]) : null
    }
    default:
      return null
  }
}

/**
 * The case's last closing: closed at once, or a proposed closing a lead confirmed (four eyes on
 * closing, docs/cases.md), which the confirming lead closes.
 */
export function closingOf(facts: Pick<CaseFacts, 'events'>): EventFact | undefined {
  return facts.events
    .filter((event) => event.kind === 'closed' || event.kind === 'closure_confirmed')
    .at(-1)
}

function newestDecision(facts: CaseFacts, matchUuid: string) {
  return facts.decisions
    .filter((item) => item.matchUuid === matchUuid)
    .reduce<DecisionFact | null>(
      (newest, item) => (!newest || item.id > newest.id ? item : newest),
      null,
    )
}

const decisionWords: Record<string, string> = {
  true_match: 'a true match',
  false_positive: 'a false positive',
  second_review: 'in need of a second review',
}

const outcomeWords: Record<string, string> = {
  true_match: 'a true match',
  false_positive: 'a false positive',
  no_action_needed: 'needing no action',
}

const day = (iso: string) => iso.slice(0, 10)

function list(items: string[]) {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

type Sentence = { text: string; type: SourceType; id: string; label: string; href: string | null }

/** The narrative, the action taken and their citations, drafted from the facts. */
export function draftNarrative(
  facts: CaseFacts,
): Pick<ReportFields, 'reason' | 'action' | 'partyReason' | 'citations'> {
  const reason: Sentence[] = []
  const action: Sentence[] = []
  const caseHref = `/cases/${facts.caseId}`
  const reportHref = facts.searchId ? `/aml/${facts.searchId}` : caseHref
  const created = facts.events.find((event) => event.kind === 'created')
  const name = facts.screenedName ?? `${facts.subject.firstName} ${facts.subject.lastName}`.trim()
  if (created) {
    reason.push({
      text: `${name} was screened against sanctions, PEP and watch lists and case ${facts.caseId} was opened on ${day(created.at)} with ${facts.matches.length} possible ${facts.matches.length === 1 ? 'match' : 'matches'}.`,
      type: 'case_event',
      id: String(created.id),
      label: `Case ${facts.caseId}: opened`,
      href: caseHref,
    })
  }
  const standing = new Map<string, DecisionFact>()
  for (const decision of facts.decisions) {
    const newest = newestDecision(facts, decision.matchUuid)
    if (newest?.id === decision.id) standing.set(decision.matchUuid, decision)
  }
  const trueMatches = facts.matches.filter(
    (match) => standing.get(match.uuid)?.decision === 'true_match',
  )
  for (const match of trueMatches) {
    const parts = [`The match ${match.name}`]
    if (match.lists.length > 0) parts.push(`is listed on ${list(match.lists)}`)
    else parts.push('is listed by the screening provider')
    let text = parts.join(' ')
    if (match.programmes.length > 0) text += ` (${list(match.programmes)})`
    if (match.roles.length > 0) text += `, with the public role of ${list(match.roles)}`
    reason.push({
      text: `${text}.`,
      type: 'match',
      id: match.uuid,
      label: `Match ${match.name}`,
      href: `${reportHref}#match-${match.uuid}`,
    })
    const decided = facts.decisions
      .filter((decision) => decision.matchUuid === match.uuid && decision.decision === 'true_match')
      .sort((a, b) => a.id - b.id)
    for (const decision of decided) {
      const verb = decision.action === 'confirm' ? 'confirmed' : 'decided'
      reason.push({
        text: `${decision.by} ${verb} on ${day(decision.at)} that ${match.name} is ${decisionWords[decision.decision] ?? decision.decision}, giving the reason: "${decision.reason.trim()}".`,
        type: 'decision',
        id: String(decision.id),
        label: `Decision ${decision.id} by ${decision.by}`,
        href: reportHref,
      })
    }
  }
  const closed = closingOf(facts)
  if (closed) {
    action.push({
      text: `${closed.by} closed case ${facts.caseId} on ${day(closed.at)} as ${outcomeWords[closed.outcome ?? ''] ?? closed.outcome ?? 'closed'}${closed.reason ? `, giving the reason: "${closed.reason.trim()}"` : ''}.`,
      type: 'case_event',
      id: String(closed.id),
      label: `Case ${facts.caseId}: closed`,
      href: caseHref,
    })
  }
  const citations: Citation[] = []
  const render = (sentences: Sentence[]) =>
    sentences
      .map((sentence) => {
        const citation: Citation = {
          id: `c${citations.length + 1}`,
          sentence: sentence.text,
          source: {
            type: sentence.type,
            id: sentence.id,
            label: sentence.label,
            href: sentence.href,
          },
          digest: sourceDigest(sentence.type, facts, sentence.id) ?? '',
        }
        citations.push(citation)
        return `${sentence.text} [${citation.id}]`
      })
      .join('\n')
  const reasonText = render(reason)
  const actionText = render(action)
  const partyReason =
    trueMatches.length > 0
      ? `Confirmed match on ${list(trueMatches.map((match) => match.name))}.`
      : 'Reported for suspicious activity found in review.'
  return { reason: reasonText, action: actionText, partyReason, citations }
}

/**
 * Each citation with why it no longer holds, or null: its source changed or is gone, or its
 * sentence was edited out of the text it marks.
 */
export function citationStatus(
  citations: Citation[],
  text: { reason: string; action: string },
  facts: CaseFacts | null,
): CitationView[] {
  const whole = `${text.reason}\n${text.action}`
  return citations.map((citation) => {
    const present = whole.includes(citation.sentence)
    let stale: string | null = null
    if (facts) {
      const now = sourceDigest(citation.source.type, facts, citation.source.id)
      if (now === null) stale = `The ${sourceWords[citation.source.type]} it cites is gone.`
      else if (now !== citation.digest) {
        stale = `The ${sourceWords[citation.source.type]} it cites has changed since it was drafted.`
      }
    }
    if (!stale && !present) stale = 'Its sentence was edited or removed from the text.'
    return { ...citation, stale }
  })
}

const sourceWords: Record<SourceType, string> = {
  match: 'match',
  decision: 'decision',
  case_event: 'case event',
  audit: 'audit row',
}
