import { createHmac } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { hmacSha256 } from '@/lib/util/hmac'

describe('hmacSha256', () => {
  it('gives RFC 4231 test case 2 its published MAC, the first time and again', () => {
    const key = new TextEncoder().encode('Jefe')
    const mac = () => hmacSha256(key).update('what do ya want for nothing?').digest('hex')
    const published = '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843'
    expect(mac()).toBe(published)
    expect(mac()).toBe(published)
  })

  it('keeps two keys apart, and matches createHmac on each', () => {
    const a = new Uint8Array(32).fill(1)
    const b = new Uint8Array(32).fill(2)
    for (const key of [a, b, a]) {
      expect(hmacSha256(key).update('row').digest('hex')).toBe(
        createHmac('sha256', key).update('row').digest('hex'),
      )
    }
    expect(hmacSha256(a).update('row').digest('hex')).not.toBe(
      hmacSha256(b).update('row').digest('hex'),
    )
  })
})
