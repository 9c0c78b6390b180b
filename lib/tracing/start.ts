import 'server-only'

import { SpanStatusCode, trace, type Span } from '@opentelemetry/api'
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto'
import { NodeSDK } from '@opentelemetry/sdk-node'
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base'

import { installTracing, type SpanAttributes } from './span'

/*
 * Tracing, started by instrumentation.ts only when OTEL_EXPORTER_OTLP_ENDPOINT is set: the
 * OpenTelemetry SDK for Node.js, configured by the standard variables it reads itself
 * (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_PROTOCOL `http/protobuf` (the default) or
 * `http/json`, OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, OTEL_TRACES_SAMPLER, OTEL_BSP_*…), exporting traces
 * only: metrics are Prometheus' (/api/metrics) and logs are standard output's. Next.js makes a span
 * for each request (named by its route template) once a tracer is registered; Verity's own work
 * nests under it (lib/tracing/span.ts). No automatic instrumentation is loaded: the upstream
 * client and the store make their spans themselves, without values or SQL text.
 */

/*
 * Next.js's own spans carry the URL that was asked (`http.target`, `http.url`): ids, and a search's
 * words in its query. They leave the process without them: the route template (`http.route`,
 * `next.route`) says which page it was. A span named by a URL (an outgoing fetch) keeps its origin.
 */
const URL_ATTRIBUTES = ['http.target', 'http.url', 'url.full', 'url.path', 'url.query']

function withoutUrls(span: ReadableSpan): ReadableSpan {
  const kept = URL_ATTRIBUTES.some((name) => name in span.attributes)
  const named = /https?:\/\/[^\s]+/.exec(span.name)
  if (!kept && !named) return span
  const attributes = Object.fromEntries(
    Object.entries(span.attributes).filter(([name]) => !URL_ATTRIBUTES.includes(name)),
  )
  const name = named ? span.name.replace(named[0], originOf(named[0])) : span.name
  // The span as it is (its methods, its context), with these two read instead.
  return Object.create(span, {
    name: { value: name, enumerable: true },
    attributes: { value: attributes, enumerable: true },
  }) as ReadableSpan
}

function originOf(url: string) {
  try {
    return new URL(url).origin
  } catch {
    return 'a URL'
  }
}

/** The OTLP exporter of OTEL_EXPORTER_OTLP_PROTOCOL, sending spans without their URLs. */
function exporter(): SpanExporter {
  const protocol =
    process.env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? process.env.OTEL_EXPORTER_OTLP_PROTOCOL
  const inner = protocol === 'http/json' ? new JsonExporter() : new ProtobufExporter()
  return {
    export: (spans, done) => inner.export(spans.map(withoutUrls), done),
    shutdown: () => inner.shutdown(),
    forceFlush: () => inner.forceFlush(),
  }
}

const STARTED = Symbol.for('verity.tracing-sdk')
const shared = globalThis as typeof globalThis & { [STARTED]?: NodeSDK }

export function startTracing(): NodeSDK {
  if (shared[STARTED]) return shared[STARTED]
  const sdk = new NodeSDK({
    // OTEL_SERVICE_NAME, when set, names the service; `verity` otherwise.
    ...(process.env.OTEL_SERVICE_NAME ? {} : { serviceName: 'verity' }),
    traceExporter: exporter(),
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [],
  })
  sdk.start()
  const tracer = trace.getTracer('verity')
  installTracing({
    inSpan: (name, attributes, task) =>
      tracer.startActiveSpan(name, { attributes }, (span) => {
        let result
        try {
          result = task()
        } catch (error) {
          end(span, undefined, true)
          throw error
        }
        if (result instanceof Promise) {
          return result.then(
            (value: unknown) => {
              end(span)
              return value
            },
            (error: unknown) => {
              end(span, undefined, true)
              throw error
            },
          ) as typeof result
        }
        end(span)
        return result
      }),
    beginSpan: (name, attributes) => {
      const span = tracer.startSpan(name, { attributes })
      return { end: (more, failed) => end(span, more, failed) }
    },
  })
  // Spans still buffered are sent before the process ends (Next.js exits on SIGTERM).
  const flush = () => void sdk.shutdown().catch(() => undefined)
  process.once('SIGTERM', flush)
  process.once('SIGINT', flush)
  return (shared[STARTED] = sdk)
}

function end(span: Span, attributes?: SpanAttributes, failed = false) {
  if (attributes) span.setAttributes(attributes)
  if (failed) span.setStatus({ code: SpanStatusCode.ERROR })
  span.end()
}
