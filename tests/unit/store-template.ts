import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { openStore } from '@/lib/store/open'

/*
 * vitest's global setup: one embedded store made and migrated once (PGlite's first open runs
 * initdb, several seconds), which the tests copy instead of making their own.
 */
export default async function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'verity-store-template-'))
  const store = await openStore({ dataDir: dir })
  await store.close()
  process.env.VERITY_TEST_STORE_TEMPLATE = dir
  return () => rmSync(dir, { recursive: true, force: true })
}
