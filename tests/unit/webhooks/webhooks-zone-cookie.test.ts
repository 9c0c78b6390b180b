import { describe, expect, it } from 'vitest'

import { knownTimeZone, ZONE_COOKIE, zoneCookie } from '@/lib/webhooks/zone-cookie'

describe('the history zone cookie', () => {
  it('takes a zone the runtime knows, as the browser named it, and nothing else', () => {
    expect(knownTimeZone('Europe/Paris')).toBe('Europe/Paris')
    expect(knownTimeZone('UTC')).toBe('UTC')
    expect(knownTimeZone('Mars/Olympus_Mons')).toBeNull()
    expect(knownTimeZone('<script>')).toBeNull()
    expect(knownTimeZone('')).toBeNull()
    expect(knownTimeZone(undefined)).toBeNull()
  })

  it('is scoped to the history page, encoded, and Secure over https', () => {
    const cookie = zoneCookie('America/Argentina/Buenos_Aires', true)
    expect(cookie).toContain(`${ZONE_COOKIE}=America%2FArgentina%2FBuenos_Aires;`)
    expect(cookie).toContain('Path=/webhooks')
    expect(cookie).toContain('SameSite=Lax')
    expect(cookie).toMatch(/; Secure$/)
    expect(zoneCookie('UTC', false)).not.toContain('Secure')
  })
})
