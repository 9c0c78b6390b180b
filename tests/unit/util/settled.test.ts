import { describe, expect, it } from 'vitest'

import { settle, settledOrLater, settledWithin } from '@/lib/util/settled'

describe('settledWithin', () => {
  it('waits for every read that settles in time, a failed one included', async () => {
    const started = performance.now()
    const late = new Promise((resolve) => setTimeout(() => resolve('late'), 30))
    await settledWithin(1_000, [late, Promise.reject(new Error('down')), null])
    const waited = performance.now() - started
    expect(waited).toBeGreaterThanOrEqual(25)
    expect(waited).toBeLessThan(500)
  })

  it('stops waiting at the deadline for a read that hangs, which stays pending for the page', async () => {
    const hanging = new Promise<string>(() => {})
    const started = performance.now()
    await settledWithin(40, [hanging, Promise.resolve(1)])
    const waited = performance.now() - started
    expect(waited).toBeGreaterThanOrEqual(35)
    expect(waited).toBeLessThan(500)
    const state = await Promise.race([hanging.then(() => 'settled'), Promise.resolve('pending')])
    expect(state).toBe('pending')
  })

  it('settle turns a failure into a value the page shows in place', async () => {
    await expect(settle(Promise.reject(new Error('down')))).resolves.toEqual({ ok: false })
    await expect(settle(Promise.resolve(3))).resolves.toEqual({ ok: true, value: 3 })
  })
})

describe('settledOrLater', () => {
  it('hands over a part that is in as its value, for the page to render in place', async () => {
    const parts = await settledOrLater(1_000, {
      name: Promise.resolve('Ana'),
      gist: new Promise((resolve) => setTimeout(() => resolve({ matches: 3 }), 20)),
      none: null,
    })
    expect(parts).toEqual({ name: 'Ana', gist: { matches: 3 }, none: null })
  })

  it('hands over a part still out at the deadline, or one that failed, as its promise', async () => {
    const hanging = new Promise<string>(() => {})
    const failed = Promise.reject(new Error('down'))
    const parts = await settledOrLater(30, { hanging, failed, quick: Promise.resolve(1) })
    expect(parts.hanging).toBe(hanging)
    expect(parts.failed).toBe(failed)
    await expect(parts.failed).rejects.toThrow('down')
    expect(parts.quick).toBe(1)
  })
})
