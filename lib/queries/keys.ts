/** Every query key of the app, so that prefetching, hydration and the browser's fetches agree. */
export const queryKeys = {
  profiles: {
    page: (page: number, limit: number) => ['profiles', 'page', { page, limit }] as const,
    detail: (profileId: string) => ['profiles', 'detail', profileId] as const,
  },
  verifications: {
    byShortId: (shortId: string) => ['verifications', 'short', shortId] as const,
  },
  aml: {
    search: (searchId: string) => ['aml', 'search', searchId] as const,
  },
  review: {
    decisions: (searchId: string, subject: string | null) =>
      ['review', 'decisions', searchId.toLowerCase(), { subject }] as const,
  },
  webhooks: {
    history: (webhookId: string | undefined) =>
      ['webhooks', 'history', { webhookId: webhookId ?? null }] as const,
    record: (id: string, listed: { after: string | null; webhookId: string | null }) =>
      ['webhooks', 'record', id, listed] as const,
  },
}
