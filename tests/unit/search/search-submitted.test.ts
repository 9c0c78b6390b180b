import { describe, expect, it } from 'vitest'

import { submitted } from '@/lib/search/submitted'

describe('what /search does with its query before anything is read', () => {
  it('opens what needs no lookup at once', () => {
    expect(submitted('https://am.dataspike.io/V3E4493CBF75709A7?target=web')).toEqual({
      kind: 'open',
      path: '/verifications/V3E4493CBF75709A7',
    })
    expect(submitted(' webhook:0F6A9C5E-2B1D-4C8E-9A7F-3D2E1C0B9A87 ')).toEqual({
      kind: 'open',
      path: '/webhooks?webhook_id=0f6a9c5e-2b1d-4c8e-9a7f-3d2e1c0b9a87',
    })
  })

  it('searches the mirror for a bare UUID, a bare short id and any other text', () => {
    expect(submitted('0F6A9C5E-2B1D-4C8E-9A7F-3D2E1C0B9A87')).toEqual({
      kind: 'search',
      query: '0F6A9C5E-2B1D-4C8E-9A7F-3D2E1C0B9A87',
      id: '0f6a9c5e-2b1d-4c8e-9a7f-3d2e1c0b9a87',
      shortId: null,
      uuid: true,
    })
    // A bare short id may as well be a surname: the mirror decides, else it opens as a verification.
    expect(submitted('Alvarez')).toEqual({
      kind: 'search',
      query: 'Alvarez',
      id: 'Alvarez',
      shortId: 'Alvarez',
      uuid: false,
    })
    expect(submitted('  josé  álvarez ')).toMatchObject({ kind: 'search', query: 'josé  álvarez' })
  })

  it('hands a profile link to the home page search, and goes home when nothing was typed', () => {
    expect(submitted('https://am.dataspike.io/vp/LBY6WV5YRLEFUH5DR')).toEqual({
      kind: 'home',
      path: '/?q=https%3A%2F%2Fam.dataspike.io%2Fvp%2FLBY6WV5YRLEFUH5DR',
    })
    expect(submitted('   ')).toEqual({ kind: 'open', path: '/' })
  })
})
