import pluginQuery from '@tanstack/eslint-plugin-query'
import nextVitals from 'eslint-config-next/core-web-vitals'
import nextTs from 'eslint-config-next/typescript'
import { defineConfig, globalIgnores } from 'eslint/config'
import tseslint from 'typescript-eslint'

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import/no-default-export': 'off',
    },
  },
  {
    // Layering: lib never imports the UI, and the upstream client stays on the server.
    files: ['lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/app/*', '@/components/*'], message: 'lib must not import UI code' },
          ],
        },
      ],
    },
  },
  {
    files: ['components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/app/*'], message: 'components must not import from app/' },
            {
              group: [
                '@/lib/upstream/client',
                '@/lib/api/*',
                '@/lib/server-prefetch',
                '@/simulator/*',
              ],
              message: 'server-only modules stay out of components',
            },
          ],
        },
      ],
    },
  },
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
