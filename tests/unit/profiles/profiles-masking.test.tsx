// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { ProfileSettings } from '@/components/profiles/profile-settings'
import { manualFieldRows } from '@/lib/profiles/manual-fields'
import type * as ProjectModule from '@/lib/projection/project'
import type { Profile } from '@/lib/upstream/schemas'
import { importProjection, TEST_REF_KEY } from '@/tests/unit/helpers/projection'

/*
 * A profile's manual-field settings describe a form, not a person: the `email`, `phone` and `dob`
 * settings objects (caption, order) under the link read as they do under the profile's settings,
 * and no mask token is ever shown as text.
 */

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
}))

let projection: typeof ProjectModule

beforeAll(async () => {
  ;({ projection } = await importProjection())
})

afterEach(cleanup)

const manualFieldSettings = {
  enabled: true,
  description: 'Tell us a bit about yourself',
  email: { enabled: true, caption: 'Work e-mail', order: 1, optional: false },
  phone: { enabled: true, caption: 'Mobile phone', order: 2, optional: true },
  dob: { enabled: true, caption: 'Date of birth', order: 3, optional: false },
}

const profile: Profile = {
  profile_id: '0a2f3a6e-6f53-4c6e-9f57-2d7c4c0f5b11',
  name: 'Onboarding',
  settings: { manual_field_settings: manualFieldSettings },
  link: {
    link_id: 'LBY6WV5YRLEFUH5DR',
    web_link: 'https://example.test/vp/LBY6WV5YRLEFUH5DR?target=web',
    manual_field_settings: structuredClone(manualFieldSettings),
  },
}

describe('a profile’s link manual-field settings', () => {
  it('are projected unchanged, like the same settings under settings', () => {
    const projected = projection.projectProfile(profile, TEST_REF_KEY)
    expect(projected.link?.manual_field_settings).toEqual(manualFieldSettings)
    expect(manualFieldRows(projected.link?.manual_field_settings)).toEqual(
      manualFieldRows(projected.settings?.manual_field_settings),
    )
  })

  it('render as captions and an order, the link’s the same as the profile’s, with no token text', () => {
    render(<ProfileSettings profile={projection.projectProfile(profile, TEST_REF_KEY)} />)
    const link = screen.getByRole('region', { name: 'Verification link' })
    expect(within(link).getByText('Same as the profile’s.', { exact: false })).toBeTruthy()
    expect(screen.getAllByText('Work e-mail').length).toBeGreaterThan(0)
    expect(document.body.textContent).not.toContain('\u2063')
    expect(document.body.textContent).not.toMatch(/masked(email|phone|date_of_birth)/)
  })

  it('show a masked value’s mask, never its token, where a token does reach them', () => {
    const withAddress = {
      ...profile,
      link: {
        ...profile.link,
        manual_field_settings: {
          ...manualFieldSettings,
          email: { ...manualFieldSettings.email, caption: 'ana.lima@example.org' },
        },
      },
    }
    render(<ProfileSettings profile={projection.projectProfile(withAddress, TEST_REF_KEY)} />)
    expect(document.body.textContent).not.toContain('ana.lima@example.org')
    expect(document.body.textContent).toContain('a•••@example.org')
    expect(document.body.textContent).not.toContain('\u2063')
  })
})
