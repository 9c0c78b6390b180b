import 'server-only'

import { notFound } from 'next/navigation'
import { cache } from 'react'

import { viewProfile } from '@/lib/profiles/views'
import { loadForPage } from '@/lib/upstream/load-for-page'
import { isUuid } from '@/lib/util/ids'

// A malformed id cannot exist upstream: not-found without asking. One read per request, shared
// by a page and its metadata.
export const loadProfilePage = cache((profileId: string) =>
  isUuid(profileId) ? loadForPage(() => viewProfile(profileId)) : notFound(),
)
