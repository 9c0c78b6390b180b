import type { QueryClient } from '@tanstack/react-query'

import { amlSearchQueryOptions, fetchAmlSearch } from '@/lib/queries/aml'
import { isApiError } from '@/lib/queries/api-fetch'
import { fetchProfile, profileQueryOptions } from '@/lib/queries/profiles'

type UuidKind = 'profile' | 'aml'

/** What one lookup said: found, not there, or could not tell (timeout, outage, ...). */
export type Probe = { kind: UuidKind } & (
  | { outcome: 'found' }
  | { outcome: 'missing' }
  | { outcome: 'failed'; reason: string }
)

export const uuidKindLabel: Record<UuidKind, string> = {
  profile: 'profile',
  aml: 'AML report',
}

/** For sentences: "… is a profile", "… is an AML report". */
export const uuidKindNoun: Record<UuidKind, string> = {
  profile: 'a profile',
  aml: 'an AML report',
}

/**
 * Asks for the id as a profile and as an AML report at once. What is found goes into the query
 * cache, so the page it opens shows it without asking again.
 */
export async function resolveUuid(queryClient: QueryClient, id: string, signal?: AbortSignal) {
  const [profile, aml] = await Promise.allSettled([
    fetchProfile(id, signal),
    fetchAmlSearch(id, signal),
  ])
  if (profile.status === 'fulfilled')
    queryClient.setQueryData(profileQueryOptions(id).queryKey, profile.value)
  if (aml.status === 'fulfilled')
    queryClient.setQueryData(amlSearchQueryOptions(id).queryKey, aml.value)
  return [probe('profile', profile), probe('aml', aml)]
}

function probe(kind: UuidKind, result: PromiseSettledResult<unknown>): Probe {
  if (result.status === 'fulfilled') return { kind, outcome: 'found' }
  const error: unknown = result.reason
  if (isApiError(error) && error.status === 404) return { kind, outcome: 'missing' }
  if (isApiError(error)) return { kind, outcome: 'failed', reason: error.message }
  return { kind, outcome: 'failed', reason: 'no answer (connection lost?)' }
}
