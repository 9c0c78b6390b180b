import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_SERVER } from 'next/constants.js'
import { getEnv } from './lib/env.js'

/** @param {string} phase @returns {import('next').NextConfig} */
export default function nextConfig(phase) {
  // Validate when a server starts, so a bad environment stops it with a message that names the
  // variable; the build itself needs no upstream key.
  if (phase === PHASE_PRODUCTION_SERVER || phase === PHASE_DEVELOPMENT_SERVER) {
    try {
      getEnv()
    } catch (error) {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    }
  }
  return {
    // A second build (e.g. a separate instance for a test) can live beside the main one.
    distDir: process.env.NEXT_DIST_DIR || '.next',
    // Deployable as `node .next/standalone/server.js` (docs/operations.md).
    output: 'standalone',
    poweredByHeader: false,
    // `npm test` runs tsc over the whole tree before it builds, and says so: no second check.
    typescript: { ignoreBuildErrors: process.env.VERITY_TYPES_CHECKED === '1' },
    // A CI run builds once from a clean clone, so Turbopack's build cache would only be written.
    experimental: { turbopackFileSystemCacheForBuild: !process.env.CI },
    // Loaded from node_modules as they are, not bundled: the upstream client's connection pool,
    // the store's drivers (PGlite finds its WebAssembly files beside its own code), and the PDF
    // writer of evidence packs (its font engine reads data files beside its own code).
    serverExternalPackages: [
      'undici',
      'pg',
      '@electric-sql/pglite',
      'pdfkit',
      'pg-boss',
      'nodemailer',
      'libxml2-wasm',
      // One copy per process of the metrics registry's library and of OpenTelemetry (the SDK is
      // loaded only when tracing is configured: lib/tracing/start.ts).
      'prom-client',
      '@opentelemetry/api',
      '@opentelemetry/sdk-node',
      '@opentelemetry/exporter-trace-otlp-http',
      '@opentelemetry/exporter-trace-otlp-proto',
    ],
    // The evidence pack's fonts are read from node_modules at run time (lib/evidence/pdf.ts).
    outputFileTracingIncludes: {
      '/api/evidence': ['./node_modules/dejavu-fonts-ttf/ttf/DejaVuSans{,-Bold,Mono}.ttf'],
      '/api/reports/[id]/report.pdf': [
        './node_modules/dejavu-fonts-ttf/ttf/DejaVuSans{,-Bold,Mono}.ttf',
      ],
    },
    reactStrictMode: true,
    // No image optimizer endpoint: AML images load directly, as the CSP allows.
    images: { unoptimized: true },
    // Security headers are set on every response by lib/api/security-headers.ts, not by rules here.
  }
}
