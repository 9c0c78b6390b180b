import 'server-only'

import { appAuditKey } from '@/lib/audit/app-trail'
import { requireViewer } from '@/lib/auth/session'
import { packCheckWords, type PackCheck } from '@/lib/evidence/contract'
import { getStore } from '@/lib/store/store'

import { checkPack } from './verify'

/** Large enough for a pack of a 1,000-match report with a long audit excerpt. */
export const PACK_UPLOAD_MAX = 20_000_000

/** A file an analyst uploaded on the Activity page, checked against this Verity's trail. */
export async function checkUploadedPack(
  bytes: Uint8Array,
): Promise<{ check: PackCheck; words: string }> {
  await requireViewer()
  const { db } = await getStore()
  const check = await checkPack(db, appAuditKey(), bytes)
  return { check, words: packCheckWords(check) }
}
