import { readFileSync } from 'node:fs'

import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server'
import { describe, expect, it } from 'vitest'

import { config } from '@/proxy'

/* public/: what a browser or crawler fetches without a session, and what it is told. */

const runsProxy = (path: string) =>
  unstable_doesMiddlewareMatch({ config, url: `http://localhost${path}` })

describe('files served without a session', () => {
  it.each([
    '/favicon.ico',
    '/icon.svg',
    '/icon-192.png',
    '/icon-512.png',
    '/apple-touch-icon.png',
    '/manifest.webmanifest',
    '/robots.txt',
  ])('%s never reaches the sign-in gate', (path) => {
    expect(runsProxy(path)).toBe(false)
  })

  it.each(['/api/ping', '/api/health', '/api/profiles', '/api/pings', '/api/ping.json'])(
    '%s runs without the proxy: every API route gates itself (lib/api/gate.ts)',
    (path) => {
      expect(runsProxy(path)).toBe(false)
    },
  )

  it.each([
    '/',
    '/profiles',
    '/api',
    '/apis/profiles',
    '/favicon.ico.html',
    '/icon-192.png/profiles',
  ])('%s still goes through the gate', (path) => {
    expect(runsProxy(path)).toBe(true)
  })
})

describe('public/', () => {
  it('keeps every crawler out of the whole console', () => {
    const rules = readFileSync('public/robots.txt', 'utf8').trim().split('\n')
    expect(rules).toEqual(['User-agent: *', 'Disallow: /'])
  })

  it('names the app and lists icons that exist at their stated sizes', () => {
    const manifest = JSON.parse(readFileSync('public/manifest.webmanifest', 'utf8')) as {
      name: string
      display: string
      icons: { src: string; sizes: string; type: string }[]
    }
    expect(manifest.name).toBe('Verity')
    expect(manifest.display).toBe('standalone')
    for (const icon of manifest.icons.filter(({ type }) => type === 'image/png')) {
      const png = readFileSync(`public${icon.src}`)
      // The IHDR chunk holds width and height right after the 16-byte signature and chunk head.
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes)
    }
  })

  it('makes favicon.ico of 16, 32 and 48 px PNG images', () => {
    const ico = readFileSync('public/favicon.ico')
    expect(ico.readUInt16LE(2)).toBe(1)
    const images = Array.from({ length: ico.readUInt16LE(4) }, (_, n) => {
      const entry = 6 + 16 * n
      const offset = ico.readUInt32LE(entry + 12)
      const png = ico.subarray(offset, offset + ico.readUInt32LE(entry + 8))
      return { size: ico.readUInt8(entry), signature: png.subarray(1, 4).toString() }
    })
    expect(images).toEqual([16, 32, 48].map((size) => ({ size, signature: 'PNG' })))
  })
})
