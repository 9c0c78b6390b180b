// The few parts of Lighthouse 12 and chrome-launcher the benchmark uses. Declared here, as
// autocannon's are, because they install with the bench's own dependencies (tools/bench/package.json,
// on first `npm run bench`), not with the project's: `npm test` type-checks the bench without them.
declare module 'lighthouse' {
  /** A Lighthouse configuration, passed through as the preset gives it. */
  export type Config = Record<string, unknown>

  export type Flags = {
    port: number
    output: 'json'
    logLevel: 'error'
    onlyCategories: string[]
  }

  export type Result = {
    runtimeError?: { code: string; message: string }
    finalDisplayedUrl: string
    audits: Record<string, { numericValue?: number; details?: unknown } | undefined>
    categories: Record<string, { score: number | null } | undefined>
  }

  export default function lighthouse(
    url: string,
    flags: Flags,
    config?: Config,
  ): Promise<{ lhr: Result } | undefined>
}

declare module 'lighthouse/core/config/desktop-config.js' {
  import type { Config } from 'lighthouse'

  const config: Config
  export default config
}

declare module 'chrome-launcher' {
  export type LaunchedChrome = { port: number; kill: () => void }

  export function launch(options: {
    chromePath?: string
    chromeFlags?: string[]
  }): Promise<LaunchedChrome>
}
