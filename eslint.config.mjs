import pluginQuery from '@tanstack/eslint-plugin-query'
import nextVitals from 'eslint-config-next/core-web-vitals'
import nextTs from 'eslint-config-next/typescript'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import { defineConfig, globalIgnores } from 'eslint/config'
import oxlint from 'eslint-plugin-oxlint'

/** Every source file under a folder, as a ./-relative path. */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|js)$/.test(entry.name))
    .map((entry) => `./${join(entry.parentPath, entry.name)}`)
}

// A module is server-only when it says so (`import 'server-only'`); the zone rule below is
// computed from the tree, so a new server-only module is protected without touching this file.
const shipped = [...sources('lib'), ...sources('components')]
const serverOnly = shipped.filter((file) =>
  /^import 'server-only'/m.test(readFileSync(file, 'utf8')),
)
const clientSafe = shipped.filter((file) => !serverOnly.includes(file))
const features = readdirSync('components').filter((name) => name !== 'ui')

// What each feature folder of components/ offers the others, by module name: the rest of the
// folder is its own, and another feature importing it is a lint error. A module becomes shared by
// being named here (docs/architecture.md).
const featureExports = {
  activity: ['activity-labels'],
  evidence: ['evidence-pack-button', 'pack-verify-box'],
  'history-mirror': ['mirror-reach'],
  retention: ['applicant-retention'],
  review: [
    'match-decision',
    'match-why',
    'review-context',
    'review-progress',
    'screened-as-notice',
    'screened-subject',
    'standing/standing-decisions',
  ],
  search: ['global-search'],
  shell: ['remember-recent'],
}

/** The files of a feature that other features may import, relative to its folder. */
function exportedFiles(feature) {
  const names = featureExports[feature] ?? []
  return readdirSync(`components/${feature}`, { recursive: true })
    .filter((file) => names.includes(file.replace(/\.(ts|tsx)$/, '')))
    .map((file) => `./${file}`)
}

const featureZones = features.flatMap((target) =>
  features
    .filter((from) => from !== target)
    .map((from) => ({
      target: `./components/${target}`,
      from: `./components/${from}`,
      except: exportedFiles(from),
      message: `${target} may import only what ${from} exports (featureExports in eslint.config.mjs)`,
    })),
)

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  ...pluginQuery.configs['flat/recommended'],
  {
    // House rules oxlint does not have: one import order, and the zones below (import cycles are
    // oxlint's import/no-cycle).
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'lib/**/*.{ts,tsx,js}', 'proxy.ts'],
    rules: {
      'import/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']],
          pathGroups: [{ pattern: '@/**', group: 'internal' }],
          pathGroupsExcludedImportTypes: ['builtin'],
          'newlines-between': 'always',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './lib',
              from: ['./app', './components'],
              message: 'lib must not import UI code',
            },
            {
              target: './components/ui',
              from: features.map((feature) => `./components/${feature}`),
              message: 'shared UI must not import a feature',
            },
            ...featureZones,
            {
              target: ['./app', './components', './lib', './proxy.ts'],
              from: ['./simulator', './tools'],
              message: 'the simulator, harness and bench are development tools, not shipped code',
            },
            {
              // Code the browser may load never reaches a module that holds the key, a session
              // or the audit trail: only server-only modules (and app/) may import those.
              target: clientSafe,
              from: serverOnly,
              message: 'a module the browser may load must not import a server-only module',
            },
          ],
        },
      ],
    },
  },
  {
    // The development harness starts what the demo, the browser tests and the bench run against:
    // it depends on none of them, and the bench does not depend on the tests. The simulator's data
    // set does not depend on its server.
    files: ['tools/**/*.{ts,mjs}', 'simulator/**/*.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './tools',
              from: './tests',
              message: 'tools/ must not import test code (the tests import tools/harness)',
            },
            {
              target: './tools/harness',
              from: './tools/bench',
              message: 'the harness must not import the bench',
            },
            {
              target: './simulator/data',
              from: './simulator/server',
              message: 'the data set is made without the server (the server serves it)',
            },
          ],
        },
      ],
    },
  },
  {
    // Both validate React Compiler options, which Verity does not set (the compiler is not used);
    // running them compiles every component, two thirds of ESLint's time.
    rules: { 'react-hooks/config': 'off', 'react-hooks/gating': 'off' },
  },
  // Last: every rule oxlint checks (.oxlintrc.json, with type information) is off here.
  ...oxlint.buildFromOxlintConfigFile('.oxlintrc.json'),
  globalIgnores([
    '.next/**',
    // Second builds (NEXT_DIST_DIR) used by tests and the benchmark.
    '.next-*/**',
    'out/**',
    'build/**',
    'next-env.d.ts',
    'test-results/**',
    'test-reports/**',
    'playwright-report/**',
    'bench-results/**',
    '.verity-data/**',
  ]),
])
