import { amlReportPath, profilePath, verificationPath, webhooksPath } from '@/lib/routes'
import { isShortId, isUuid } from '@/lib/util/ids'

/**
 * What a pasted piece of text refers to. A bare UUID is `uuid`: profiles and AML reports share
 * the format, so only asking the API tells which one it is; a webhook configuration id shares it
 * too and is only taken as one when the analyst says so (`webhook:<uuid>`).
 */
export type SearchTarget =
  | { kind: 'empty' }
  | { kind: 'verification'; shortId: string }
  | { kind: 'profile'; id: string }
  | { kind: 'aml'; id: string }
  | { kind: 'webhook'; id: string }
  | { kind: 'uuid'; id: string }
  | { kind: 'profile-link'; linkId: string }
  | { kind: 'unknown'; input: string }

/** `profile:`, `aml:` and `webhook:` in front of a UUID say what it is. */
const PREFIXES = { profile: 'profile', aml: 'aml', webhook: 'webhook' } as const

/**
 * Longer than any id or link the search knows (a URL of a verification is under 200 characters):
 * a longer paste is an unknown text, kept only up to here.
 */
export const MAX_SEARCH_INPUT = 2_000

// Tickets wrap ids in quotes, brackets or backticks; those are never part of an id.
const OPENERS = new Set('`\'"<([{')
const CLOSERS = new Set('`\'">)]}.,;')

/**
 * The text without its wrapping, found by walking in from both ends: a regular expression
 * anchored at the end tried again from every start, which took seconds on 100 kB of brackets.
 */
function unwrap(text: string) {
  let start = 0
  let end = text.length
  while (start < end && OPENERS.has(text.charAt(start))) start++
  while (end > start && CLOSERS.has(text.charAt(end - 1))) end--
  return text.slice(start, end)
}

export function recognise(raw: string): SearchTarget {
  const trimmed = raw.trim()
  if (trimmed.length > MAX_SEARCH_INPUT) {
    return { kind: 'unknown', input: trimmed.slice(0, MAX_SEARCH_INPUT) }
  }
  const input = unwrap(trimmed)
  if (!input) return { kind: 'empty' }
  if (isUuid(input)) return { kind: 'uuid', id: input.toLowerCase() }

  const prefixed = /^(profile|aml|webhook)\s*[:=]\s*(\S+)$/i.exec(input)
  if (prefixed) {
    const [, prefix = '', id = ''] = prefixed
    if (!isUuid(id)) return { kind: 'unknown', input: trimmed }
    return { kind: PREFIXES[prefix.toLowerCase() as keyof typeof PREFIXES], id: id.toLowerCase() }
  }

  if (isShortId(input)) return { kind: 'verification', shortId: input }
  return recogniseUrl(input) ?? { kind: 'unknown', input: trimmed }
}

/** Verification and profile links from the provider (any host), and Verity's own addresses. */
function recogniseUrl(input: string): SearchTarget | null {
  let url: URL
  try {
    url = new URL(input)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const segments = url.pathname.split('/').filter(Boolean)
  const [first = '', second = ''] = segments

  if (segments.length === 1 && first === 'webhooks') {
    const webhookId = url.searchParams.get('webhook_id')
    return webhookId && isUuid(webhookId) ? { kind: 'webhook', id: webhookId.toLowerCase() } : null
  }
  if (segments.length === 1) {
    if (isUuid(first)) return { kind: 'uuid', id: first.toLowerCase() }
    if (isShortId(first)) return { kind: 'verification', shortId: first }
    return null
  }
  if (segments.length === 2) {
    if (first === 'vp' && isShortId(second)) return { kind: 'profile-link', linkId: second }
    if ((first === 'verifications' || first === 'v') && isShortId(second)) {
      return { kind: 'verification', shortId: second }
    }
    if (first === 'profiles' && isUuid(second)) return { kind: 'profile', id: second.toLowerCase() }
    if (first === 'aml' && isUuid(second)) return { kind: 'aml', id: second.toLowerCase() }
  }
  return null
}

/** The page of a target that needs no lookup, or null. */
export function targetPath(target: SearchTarget): string | null {
  switch (target.kind) {
    case 'verification':
      return verificationPath(target.shortId)
    case 'profile':
      return profilePath(target.id)
    case 'aml':
      return amlReportPath(target.id)
    case 'webhook':
      return webhooksPath(target.id)
    default:
      return null
  }
}
