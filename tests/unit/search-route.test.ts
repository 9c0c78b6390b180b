import { NextRequest } from 'next/server'
import { describe, expect, it } from 'vitest'

import { GET } from '@/app/search/route'

function submit(q?: string) {
  const query = q === undefined ? '' : `?q=${encodeURIComponent(q)}`
  const response = GET(new NextRequest(`http://verity.internal/search${query}`))
  return { status: response.status, location: response.headers.get('location') }
}

describe('the search form before hydration', () => {
  it('opens what needs no lookup at once', () => {
    expect(submit('https://am.dataspike.io/V3E4493CBF75709A7?target=web')).toEqual({
      status: 303,
      location: '/verifications/V3E4493CBF75709A7',
    })
    expect(submit(' webhook:0F6A9C5E-2B1D-4C8E-9A7F-3D2E1C0B9A87 ').location).toBe(
      '/webhooks?webhook_id=0f6a9c5e-2b1d-4c8e-9a7f-3d2e1c0b9a87',
    )
  })

  it('hands a bare UUID and anything unrecognised to the home page search, unchanged', () => {
    expect(submit('0f6a9c5e-2b1d-4c8e-9a7f-3d2e1c0b9a87').location).toBe(
      '/?q=0f6a9c5e-2b1d-4c8e-9a7f-3d2e1c0b9a87',
    )
    expect(submit('  not an id & more ').location).toBe('/?q=not%20an%20id%20%26%20more')
  })

  it('goes home when nothing was typed, and never off the site', () => {
    expect(submit().location).toBe('/')
    expect(submit('   ').location).toBe('/')
    expect(submit('//evil.example/x').location).toBe('/?q=%2F%2Fevil.example%2Fx')
  })
})
