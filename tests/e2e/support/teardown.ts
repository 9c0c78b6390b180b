import { rmSync } from 'node:fs'

import { mainDataDir, storeTemplateDir } from '@/playwright.config'

/** Removes the main instance's embedded store and the stores' template once the run is over. */
export default function teardown() {
  rmSync(mainDataDir, { recursive: true, force: true })
  rmSync(storeTemplateDir, { recursive: true, force: true })
}
