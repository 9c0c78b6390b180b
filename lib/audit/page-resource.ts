import type { AuditedResource } from './client'

/*
 * The record a page shows, read from its path, for values that do not name their record. Page
 * URLs hold ids only, so this never carries personal data.
 */
const pages: { pattern: RegExp; type: AuditedResource['type'] }[] = [
  { pattern: /^\/verifications\/([^/]+)/, type: 'verification' },
  { pattern: /^\/v\/([^/]+)/, type: 'verification' },
  { pattern: /^\/aml\/([^/]+)/, type: 'aml_search' },
  { pattern: /^\/profiles\/([^/]+)/, type: 'profile' },
  { pattern: /^\/profiles\/?$/, type: 'profile_list' },
  { pattern: /^\/webhooks/, type: 'webhook_history' },
]

export function resourceForPathname(pathname: string): AuditedResource | null {
  for (const { pattern, type } of pages) {
    const match = pattern.exec(pathname)
    if (!match) continue
    const id = match[1] ? safeDecode(match[1]) : null
    return { type, id: id && /^[A-Za-z0-9_.:=,-]{1,80}$/.test(id) ? id : null }
  }
  return null
}

function safeDecode(value: string) {
  try {
    return decodeURIComponent(value)
  } catch {
    return null
  }
}
