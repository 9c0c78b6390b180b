import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createStats, handleControl, recordRequest, type SimStats } from './control'
import { DEFAULT_SEED, buildDataset, type Dataset } from '../data/dataset'
import { exampleApiKey } from './api-key'
import { createDeliverer, type WebhookTarget } from './deliver'
import { createFaultState, resetFaults, takeFault, type Knobs } from './faults'
import { handleApi } from './handlers'
import { hostileSpecs } from '../data/history-hostile'
import type { HistoryOrder } from '../data/history'
import { send, sendFault } from './respond'
import { createStore } from './store'
import { demoRescreens } from '../data/rescreens'

type SimulatorOptions = {
  host?: string
  /** 0 picks a free port. */
  port?: number
  apiKey?: string
  seed?: number
  /** Data-set sizes. */
  profiles?: number
  verifications?: number
  historyRecords?: number
  /** Newest first (the default, as the provider's docs show it) or oldest first. */
  historyOrder?: HistoryOrder
  /** Adds, as the newest records, one of each hostile kind between good ones (history-hostile.ts). */
  hostileHistory?: boolean
  /** A data set already built, to share one between servers in tests. */
  dataset?: Dataset
  /** Added to every request. */
  latencyMs?: number
  /** 0..1: fraction of requests answered 500. */
  errorRate?: number
  /** 0..1: fraction of requests answered 429 with Retry-After: 1. */
  rateLimitRate?: number
  /** Where records added by POST /__sim/history are delivered, signed with the secret. */
  webhook?: WebhookTarget
  /** The demo: re-screen some applicants this long after the start (simulator/data/rescreens.ts). */
  rescreenAfterMs?: number
}

export type Simulator = {
  url: string
  port: number
  /** Live counters, the same object GET /__sim/stats reports. */
  stats: SimStats
  /** Settles once every delivery begun so far has been sent or given up. */
  deliveriesIdle(): Promise<void>
  close(): Promise<void>
}

const CONTROL_PREFIX = '/__sim/'
const MAX_CONTROL_BODY = 64 * 1024

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      body += chunk
      if (body.length > MAX_CONTROL_BODY) req.destroy()
    })
    req.on('end', () => resolve(body))
    req.on('error', reject)
  })
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const seed = options.seed ?? DEFAULT_SEED
  const apiKey = options.apiKey ?? exampleApiKey
  const store = createStore(
    options.dataset ??
      buildDataset({
        seed,
        profiles: options.profiles,
        verifications: options.verifications,
        historyRecords: options.historyRecords,
      }),
    seed,
    options.historyOrder,
  )
  if (options.hostileHistory) store.history.add(hostileSpecs())
  const knobs: Knobs = {
    seed,
    latencyMs: options.latencyMs ?? 0,
    errorRate: options.errorRate ?? 0,
    rateLimitRate: options.rateLimitRate ?? 0,
  }
  const stats = createStats()
  const faults = createFaultState(seed)
  const reset = () => {
    // Reset in place: callers hold `stats`.
    Object.assign(stats, createStats())
    resetFaults(faults, seed)
  }

  const deliverer = options.webhook && createDeliverer(options.webhook, () => stats.deliveries)
  const deliver = deliverer?.deliver

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET'
    const url = req.url ?? '/'
    const pathname = url.split('?')[0] ?? '/'
    if (pathname.startsWith(CONTROL_PREFIX)) {
      const body = method === 'POST' ? await readBody(req) : ''
      return send(
        res,
        handleControl(method, pathname, body, { stats, faults, reset, store, deliver }),
      )
    }
    recordRequest(stats, pathname, req.headers)
    const fault = takeFault(faults, knobs, pathname)
    const wait = knobs.latencyMs + (fault?.mode === 'latency' ? (fault.ms ?? 1000) : 0)
    if (wait > 0) await delay(wait)
    if (res.destroyed) return
    const response = handleApi(store, apiKey, { method, url, headers: req.headers })
    if (fault) sendFault(req, res, fault, response)
    else send(res, response)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        send(res, {
          status: 500,
          body: JSON.stringify({ error: 'simulator_error', details: String(error) }),
        })
      else res.destroy()
    })
  })
  // Long keep-alive: benchmark clients reuse connections.
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve())
  })
  // The provider's monitoring re-screens applicants after the demo's mirror has met its history.
  const rescreening =
    options.rescreenAfterMs === undefined
      ? undefined
      : setTimeout(() => {
          const added = store.history.add(demoRescreens(store.history))
          store.pageCache.clear()
          deliver?.(added.map((record) => record.delivery))
        }, options.rescreenAfterMs)
  rescreening?.unref()
  const { address, port } = server.address() as AddressInfo
  const host = address.includes(':') ? `[${address}]` : address
  return {
    url: `http://${host}:${port}`,
    port,
    stats,
    deliveriesIdle: () => deliverer?.idle() ?? Promise.resolve(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        clearTimeout(rescreening)
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}
