import 'server-only'

import { getStore } from '@/lib/store/store'

import { mirrorLog } from './log'
import { runMirror, type MirrorRunner } from './runner'
import { mirrorSettings } from './settings'

// One runner per process, whichever bundle calls this (instrumentation and routes load modules apart).
const KEY = Symbol.for('verity.history-mirror')
const shared = globalThis as typeof globalThis & { [KEY]?: MirrorRunner }

/** Starts the mirror's sync in this process, in the background; HISTORY_SYNC=off leaves it out. */
export async function startHistorySync(): Promise<void> {
  const settings = mirrorSettings()
  if (!settings.enabled) {
    mirrorLog('info', 'sync is off on this instance (HISTORY_SYNC=off)')
    return
  }
  if (shared[KEY]) return
  const { db } = await getStore()
  shared[KEY] ??= runMirror(db, settings)
  mirrorLog('info', 'sync started', { holder: shared[KEY].holder, ...settings })
}
