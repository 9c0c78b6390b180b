import { cpSync, rmSync } from 'node:fs'

import { mainDataDir, storeTemplateDir } from '@/playwright.config'
import { openStore } from '@/lib/store/open'

/*
 * Run by the main instance's web server command before it starts: one embedded store made and
 * migrated (PGlite's first open runs initdb, about 10 s of CPU), copied to the main instance's data
 * directory and, by startApp, to every instance a test file starts, instead of each making its own.
 */
rmSync(storeTemplateDir, { recursive: true, force: true })
rmSync(mainDataDir, { recursive: true, force: true })
const store = await openStore({ dataDir: storeTemplateDir })
await store.close()
cpSync(storeTemplateDir, mainDataDir, { recursive: true })
