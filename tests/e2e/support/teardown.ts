import { rmSync } from 'node:fs'

import { mainDataDir } from '@/playwright.config'

/** Removes the main instance's embedded store once the run is over. */
export default function teardown() {
  rmSync(mainDataDir, { recursive: true, force: true })
}
