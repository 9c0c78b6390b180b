/*
 * An upstream path as the endpoint it calls, for metrics and spans: its template, with the id a
 * path carries replaced by its name. A path of no known endpoint is `other`, never itself.
 */
const ENDPOINTS: readonly [RegExp, string][] = [
  [/^\/api\/v3\/profiles$/, '/api/v3/profiles'],
  [/^\/api\/v3\/profiles\/[^/]+$/, '/api/v3/profiles/{profile_id}'],
  [/^\/api\/v3\/verifications\/short\/[^/]+$/, '/api/v3/verifications/short/{short_id}'],
  [/^\/api\/v3\/aml\/search\/history\/[^/]+$/, '/api/v3/aml/search/history/{search_id}'],
  [/^\/api\/v3\/notifications\/webhook\/history$/, '/api/v3/notifications/webhook/history'],
]

export function upstreamEndpoint(path: string): string {
  return ENDPOINTS.find(([pattern]) => pattern.test(path))?.[1] ?? 'other'
}
