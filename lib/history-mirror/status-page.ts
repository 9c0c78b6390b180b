import 'server-only'

import { redirect } from 'next/navigation'

import { getViewer } from '@/lib/auth/session'
import { signInPath } from '@/lib/routes'

import { mirrorLog } from './log'
import { readMirrorStatus, type MirrorStatus } from './status'

/** The /history-sync page's read: signed in only; null when the store did not answer. */
export async function loadMirrorStatusPage(): Promise<{ status: MirrorStatus | null; now: Date }> {
  if (!(await getViewer())) redirect(signInPath)
  try {
    return { status: await readMirrorStatus(), now: new Date() }
  } catch (error) {
    mirrorLog('warn', 'status could not be read', {
      error: error instanceof Error ? error.message : String(error),
    })
    return { status: null, now: new Date() }
  }
}
