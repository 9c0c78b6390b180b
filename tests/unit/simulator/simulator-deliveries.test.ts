import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterEach, describe, expect, it } from 'vitest'

import { signingKeys, verifySignature } from '@/lib/upstream/webhook-signature'
import { buildDataset } from '@/simulator/data/dataset'
import { startSimulator, type Simulator } from '@/simulator/server/server'

/*
 * The simulator delivers the records added to it (POST /__sim/history) as the provider would:
 * signed so that Verity's verifier accepts them, the envelope only, tried again when the receiver
 * fails.
 */

const SECRET = `whsec_${'7a'.repeat(32)}`
const dataset = buildDataset({ historyRecords: 20 })

type Received = { body: string; signature: string | undefined }

let sim: Simulator | undefined
let receiver: Server | undefined

afterEach(async () => {
  await sim?.close()
  await new Promise((resolve) => receiver?.close(resolve) ?? resolve(undefined))
})

/** A webhook receiver that answers each delivery with the next of `statuses` (then 200). */
async function listen(statuses: number[]) {
  const received: Received[] = []
  receiver = createServer((request, response) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (body += chunk))
    request.on('end', () => {
      received.push({ body, signature: request.headers['x-webhook-signature'] as string })
      response.statusCode = statuses.shift() ?? 200
      response.end()
    })
  })
  await new Promise<void>((resolve) => receiver?.listen(0, '127.0.0.1', resolve))
  const { port } = receiver.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/hook`, received }
}

async function add(body: Record<string, unknown>) {
  const response = await fetch(`${sim?.url}/__sim/history`, {
    method: 'POST',
    body: JSON.stringify(body),
  })
  return ((await response.json()) as { ids: string[] }).ids
}

describe('the simulator’s webhook deliveries', () => {
  it('delivers each added record, signed so that Verity verifies it, as the bare envelope', async () => {
    const { url, received } = await listen([])
    sim = await startSimulator({ dataset, webhook: { url, secret: SECRET } })
    const ids = await add({ count: 2, risk: 'High', name: 'Signed Person' })
    await sim.deliveriesIdle()
    expect(received.map((delivery) => (JSON.parse(delivery.body) as { id: string }).id)).toEqual(
      ids,
    )
    for (const delivery of received) {
      const verdict = verifySignature(
        delivery.signature ?? null,
        new TextEncoder().encode(delivery.body),
        signingKeys([SECRET]),
        Math.floor(Date.now() / 1_000),
      )
      expect(verdict).toEqual({ ok: true })
      expect(Object.keys(JSON.parse(delivery.body) as object).sort()).toEqual([
        'event_type',
        'id',
        'payload',
        'timestamp',
        'webhook_id',
      ])
    }
    expect(sim.stats.deliveries).toMatchObject({ sent: 2, failed: 0, attempts: 2 })
  })

  it('tries a failed delivery again, and gives up after four tries', async () => {
    const { url, received } = await listen([500, 503, 500, 500, 500, 500])
    sim = await startSimulator({ dataset, webhook: { url, secret: SECRET } })
    await add({})
    await sim.deliveriesIdle()
    expect(received).toHaveLength(4)
    expect(sim.stats.deliveries).toMatchObject({ sent: 0, failed: 1, lastStatus: 500 })
    await add({})
    await sim.deliveriesIdle()
    // Two more failures, then the third try is answered 200.
    expect(received).toHaveLength(7)
    expect(sim.stats.deliveries).toMatchObject({ sent: 1, failed: 1, attempts: 7 })
  })
})
