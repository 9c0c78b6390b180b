import { randomBytes, randomUUID } from 'node:crypto'

import { expect, test, type APIRequestContext } from '@playwright/test'

import { simUrl } from '@/playwright.config'

/*
 * A record page reads its record before it sends anything: an id the upstream does not know
 * answers HTTP 404 with the not-found page, and an id that cannot be one (wrong shape) answers
 * the same without asking the upstream at all.
 */

type SimStats = { requests: number; byPath: Record<string, number> }

async function simStats(request: APIRequestContext): Promise<SimStats> {
  return (await (await request.get(`${simUrl}/__sim/stats`)).json()) as SimStats
}

/** How many upstream requests the simulator has counted whose path holds `fragment`. */
function upstreamCalls(stats: SimStats, fragment: string) {
  return Object.entries(stats.byPath)
    .filter(([path]) => path.includes(fragment))
    .reduce((sum, [, count]) => sum + count, 0)
}

// Fresh ids on every run, so counts left by an earlier run on a reused simulator cannot match.
const hex = (bytes: number) => randomBytes(bytes).toString('hex')
const unknownShortId = () => `V${hex(8).toUpperCase()}`

const pages = [
  {
    kind: 'profile',
    heading: 'Profile not found',
    path: (id: string) => `/profiles/${id}`,
    unknown: randomUUID(),
    malformed: [`not-a-uuid-${hex(4)}`, `${randomUUID()}0`],
  },
  {
    kind: 'verification',
    heading: 'Verification not found',
    path: (id: string) => `/verifications/${id}`,
    unknown: unknownShortId(),
    malformed: [`bad.id.${hex(4)}`, `V${hex(33)}`],
  },
  {
    kind: 'short verification link',
    heading: 'Verification not found',
    path: (id: string) => `/v/${id}`,
    unknown: unknownShortId(),
    malformed: [`bad.id.${hex(4)}`, `V${hex(33)}`],
  },
  {
    kind: 'AML report',
    heading: 'AML report not found',
    path: (id: string) => `/aml/${id}`,
    unknown: randomUUID(),
    malformed: [`not-a-uuid-${hex(4)}`, `${hex(16)}`],
  },
] as const

test.describe.configure({ timeout: 60_000 })

for (const { kind, heading, path, unknown, malformed } of pages) {
  test(`${kind}: an unknown id answers 404 with the not-found page, after asking the upstream`, async ({
    page,
    request,
  }) => {
    const response = await page.goto(path(unknown))
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    // The upstream was asked: the counter below sees reads of record pages.
    expect(upstreamCalls(await simStats(request), unknown)).toBeGreaterThan(0)
  })

  test(`${kind}: a malformed id answers 404 with the not-found page and no upstream call`, async ({
    page,
    request,
  }) => {
    for (const id of malformed) {
      const response = await page.goto(path(id))
      expect(response?.status(), id).toBe(404)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      expect(upstreamCalls(await simStats(request), id), id).toBe(0)
    }
    // And nothing at all reached the upstream meanwhile. The simulator is shared with other
    // files: a request of theirs in between is retried past.
    await expect(async () => {
      const before = (await simStats(request)).requests
      const answer = await request.get(path(malformed[0]))
      expect(answer.status()).toBe(404)
      expect((await simStats(request)).requests).toBe(before)
    }).toPass({ timeout: 30_000 })
  })
}
