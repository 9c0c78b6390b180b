// The few parts of autocannon 8 the benchmark uses; the package ships no types.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  export type Options = {
    url: string
    connections?: number
    duration?: number
    headers?: Record<string, string>
    timeout?: number
  }

  export type Result = {
    requests: { total: number; average: number }
    latency: { p50: number; p99: number }
    duration: number
    errors: number
    timeouts: number
    non2xx: number
  }

  export type Instance = EventEmitter & {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void,
    ): Instance
    stop(): void
  }

  export default function autocannon(
    options: Options,
    callback: (error: Error | null, result: Result) => void,
  ): Instance
}
