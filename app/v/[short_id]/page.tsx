import { notFound, redirect } from 'next/navigation'

import { isShortId } from '@/lib/ids'
import { verificationPath } from '@/lib/routes'

// /v/{short_id}: the short form pasted into tickets; the page itself lives under /verifications.
export default async function ShortVerificationRedirect({ params }: PageProps<'/v/[short_id]'>) {
  const { short_id: shortId } = await params
  if (!isShortId(shortId)) notFound()
  redirect(verificationPath(shortId))
}
