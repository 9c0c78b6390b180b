import 'server-only'

/*
 * Spans for Verity's own work (the Server-Timing parts, upstream calls, store connections, audit
 * appends), made only when tracing was started (lib/tracing/start.ts, when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set). Otherwise every helper here runs its task as it is: this
 * module imports nothing of OpenTelemetry, so a server without tracing neither loads nor pays for
 * it.
 */

export type SpanAttributes = Record<string, string | number | boolean>

/** A span begun by `beginSpan`, ended by whoever holds it. */
export type OpenSpan = { end: (attributes?: SpanAttributes, failed?: boolean) => void }

export type Tracing = {
  /** Runs `task` in a span that is the current one while it runs (children nest under it). */
  inSpan: <T>(name: string, attributes: SpanAttributes, task: () => T) => T
  /** A span under the current one, ended later (a store connection, from checkout to release). */
  beginSpan: (name: string, attributes: SpanAttributes) => OpenSpan
}

const KEY = Symbol.for('verity.tracing')
const shared = globalThis as typeof globalThis & { [KEY]?: Tracing }

export function installTracing(tracing: Tracing) {
  shared[KEY] = tracing
}

export function tracingOn(): boolean {
  return shared[KEY] !== undefined
}

/** `task` in a span when tracing is on; the task itself otherwise. Async tasks are awaited by it. */
export function inSpan<T>(name: string, attributes: SpanAttributes, task: () => T): T {
  const tracing = shared[KEY]
  return tracing ? tracing.inSpan(name, attributes, task) : task()
}

export function beginSpan(name: string, attributes: SpanAttributes): OpenSpan | null {
  return shared[KEY]?.beginSpan(name, attributes) ?? null
}
