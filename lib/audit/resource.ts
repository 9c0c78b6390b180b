import type { AuditResource } from './record'

/*
 * The audited resource of an upstream read, from its path: ids only, never the query values that
 * could hold personal data.
 */
const routes: { pattern: RegExp; type: string }[] = [
  { pattern: /^\/api\/v3\/profiles$/, type: 'profile_list' },
  { pattern: /^\/api\/v3\/profiles\/([^/]+)$/, type: 'profile' },
  { pattern: /^\/api\/v3\/verifications\/short\/([^/]+)$/, type: 'verification' },
  { pattern: /^\/api\/v3\/aml\/search\/history\/([^/]+)$/, type: 'aml_search' },
  { pattern: /^\/api\/v3\/notifications\/webhook\/history$/, type: 'webhook_history' },
]

export function resourceForPath(path: string, query: Record<string, unknown> = {}): AuditResource {
  for (const { pattern, type } of routes) {
    const match = pattern.exec(path)
    if (!match) continue
    const id = match[1] ? decodeURIComponent(match[1]) : listId(type, query)
    return { type, id }
  }
  return { type: 'upstream', id: path }
}

/** A list is identified by its page: `page=0,limit=20`, or the webhook cursor. */
function listId(type: string, query: Record<string, unknown>) {
  const parts = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${key}=${String(value)}`)
  return parts.length > 0 ? parts.join(',') : type === 'profile_list' ? 'page=0' : null
}
