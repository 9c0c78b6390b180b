import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { defineConfig, devices } from '@playwright/test'

/*
 * Browser tests run the production build (`next build` first; `npm test` does it) against the
 * embedded simulator. Outside CI an already running pair on the same ports is reused, so a
 * `PORT=3100 SIM_PORT=4100 npm run dev` session can serve the tests while code changes.
 */
const appPort = Number(process.env.E2E_APP_PORT ?? 3100)
const simPort = Number(process.env.E2E_SIM_PORT ?? 4100)
export const simUrl = `http://127.0.0.1:${simPort}`
/** The main instance's embedded store: emptied before it starts, removed after the run. */
export const mainDataDir = join(tmpdir(), `verity-e2e-data-${appPort}`)
/** A migrated embedded store that every instance of the run starts from (support/store-template.ts). */
export const storeTemplateDir = join(tmpdir(), `verity-e2e-store-template-${appPort}`)
/**
 * The suite's one instance with sign-in on, and the test provider it signs in through, started once
 * per run by the global setup (support/signed-in-setup.ts) for the files that only need sign-in;
 * its output goes to the run's own and to `signedInLog`, where those files read its audit lines.
 */
export const signedInPort = appPort + 1
export const signedInProviderPort = appPort + 2
export const signedInLog = join(tmpdir(), `verity-e2e-signed-in-${appPort}.log`)
/** The upstream key of the suite; `npm test` makes it a fresh canary that must never leak. */
export const testKey = process.env.VERITY_TEST_KEY ?? 'sim-demo-key'

export default defineConfig({
  testDir: 'tests/e2e',
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.CI ? 2 : 1,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PW_JSON
    ? [['list'], ['json', { outputFile: 'test-reports/playwright.json' }]]
    : 'list',
  use: {
    baseURL: `http://127.0.0.1:${appPort}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  // After the web servers: the signed-in instance starts from the main one's store template.
  globalSetup: './tests/e2e/support/signed-in-setup.ts',
  globalTeardown: './tests/e2e/support/teardown.ts',
  webServer: [
    {
      command: `npx tsx simulator/server/main.ts`,
      url: `${simUrl}/__sim/stats`,
      env: { SIM_PORT: String(simPort), SIM_API_KEY: testKey },
      reuseExistingServer: !process.env.CI,
      stdout: 'ignore',
      timeout: 60_000,
    },
    {
      command: `npx tsx --conditions=react-server tests/e2e/support/store-template.ts && npx next start -p ${appPort} -H 127.0.0.1`,
      url: `http://127.0.0.1:${appPort}/api/health`,
      env: {
        DS_API_BASE_URL: simUrl,
        DS_API_KEY: testKey,
        DS_API_TIMEOUT_MS: '3000',
        VERITY_DEMO: 'true',
        AUTH_DISABLED: 'true',
        VERITY_DATA_DIR: mainDataDir,
        // The simulated history is fixed in the past: the daily run would erase its sandbox records.
        RETENTION_JOB: 'off',
        NEXT_TELEMETRY_DISABLED: '1',
      },
      reuseExistingServer: !process.env.CI,
      // Its log lines are part of the output `npm test` searches for the canary key.
      stdout: 'pipe',
      timeout: 120_000,
    },
  ],
})
