import { fileURLToPath } from 'node:url'

import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('.', import.meta.url)),
      // The real package throws outside React Server Components; unit tests run plain Node.
      'server-only': fileURLToPath(new URL('./tests/unit/server-only-stub.ts', import.meta.url)),
    },
  },
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    // One migrated embedded store, copied by the tests that need one (tests/unit/helpers/test-store.ts).
    globalSetup: ['tests/unit/store-template.ts'],
    environment: 'node',
    // Both cores: vitest 4.1 runs cores − 1 workers by default (its documentation says all of
    // them), which on a 2-core machine ran the files one at a time.
    maxWorkers: '100%',
    setupFiles: ['tests/unit/setup/fresh-upstream-state.ts', 'tests/unit/setup/pack-workers.ts'],
    // Route handlers and fetchers are called without a request or cookies; sign-in is tested apart.
    env: { AUTH_DISABLED: 'true' },
    // A test that imports a route handler first compiles it inside its own time: 21 s once on a
    // loaded 2-core machine.
    testTimeout: 30_000,
    // Setup that imports every route handler or opens a store is slower beside the other checks
    // of `npm test` (scripts/test.mjs runs them side by side); a test's own deadline is unchanged.
    hookTimeout: 60_000,
  },
})
