// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'

import { afterEach, describe, expect, it, vi } from 'vitest'

import { ProfileSettings } from '@/components/profiles/profile-settings'
import { ProfileTable } from '@/components/profiles/profile-table'
import { summarizeProfilePage } from '@/lib/profiles/summary'
import { profilePageSchema, profileSchema } from '@/lib/upstream/schemas'
import { loadRealPayload } from '@/tests/unit/helpers/real-payloads'

/* The provider's own example payloads, parsed as the upstream client would and rendered. */
const load = loadRealPayload

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
}))

afterEach(cleanup)

describe('profiles list on real payloads', () => {
  it('sends a row of what the list shows, not the whole profile', () => {
    const page = summarizeProfilePage(
      profilePageSchema.parse(load('profile-list-docs-mintlify.json')),
    )
    expect(page).toEqual({
      has_next: false,
      data: [
        {
          profile_id: '01827ed4-c928-7a3c-9a30-7ab7cc169d11',
          name: 'default',
          is_default: true,
          is_archived: true,
          required: { poi: true, face_comparison: true, poa: false },
          countries: ['FR'],
          documents: ['Passport', 'Selfie'],
          link_expiration_minutes: null,
          created_at: '2023-07-18T15:32:13.000Z',
          updated_at: '2023-07-18T15:32:13.000Z',
        },
      ],
    })
  })

  it('renders the documented list page as rows', () => {
    const page = summarizeProfilePage(
      profilePageSchema.parse(load('profile-list-docs-mintlify.json')),
    )
    render(<ProfileTable profiles={page.data} />)
    const row = screen.getByRole('row', { name: /default/ })
    expect(row.textContent).toContain('Default')
    expect(row.textContent).toContain('Archived')
    expect(row.textContent).toContain('Passport, Selfie')
    expect(screen.getByRole('link', { name: 'default' }).getAttribute('href')).toBe(
      '/profiles/01827ed4-c928-7a3c-9a30-7ab7cc169d11',
    )
    expect(row.querySelectorAll('[title="Proof of identity required"]')).toHaveLength(1)
    expect(row.querySelectorAll('[title="Proof of address not required"]')).toHaveLength(1)
  })

  it('shows what a profile without settings leaves out as not stated', () => {
    const page = summarizeProfilePage(profilePageSchema.parse({ data: [{ profile_id: 'p-0' }] }))
    render(<ProfileTable profiles={page.data} />)
    expect(screen.getByRole('link', { name: 'Unnamed profile' })).toBeTruthy()
    expect(screen.getAllByText('?', { exact: false })).toHaveLength(3)
    expect(screen.getByTitle('No countries listed')).toBeTruthy()
  })
})

describe('profile detail on real payloads', () => {
  it('renders the documented get response: archived default profile without a link', () => {
    const profile = profileSchema.parse(load('profile-docs-mintlify-get.json'))
    const { container } = render(<ProfileSettings profile={profile} />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('default')
    expect(container.textContent).toContain('cannot be used for new verifications')
    expect(container.textContent).toContain('France')
    expect(container.textContent).toContain('This profile has no verification link.')
  })

  it('renders every profile of the documented list page', () => {
    const page = profilePageSchema.parse(load('profile-list-docs-mintlify.json'))
    for (const profile of page.data) {
      const { container } = render(<ProfileSettings profile={profile} />)
      expect(container.textContent).toContain('01827ed4-c928-7a3c-9a30-7ab7cc169d11')
      cleanup()
    }
  })

  it('renders the SDK example with its flat finish screen, messenger link and nested link', () => {
    // The example is a create request, which has no id yet.
    const example = load('profile-create-request-sdk-js-example.json') as Record<string, unknown>
    const profile = profileSchema.parse({
      profile_id: '01827ed4-0000-7000-8000-000000000001',
      ...example,
    })
    render(<ProfileSettings profile={profile} />)
    const finish = screen.getByRole('region', { name: 'Finish screen' })
    expect(finish.textContent).toContain('asdadas')
    expect(finish.textContent).toContain('1111')
    const link = screen.getByRole('region', { name: 'Verification link' })
    expect(link.textContent).toContain('https://am.dataspike.dev/vp/LBY6WV5YRLEFUH5DR?target=tg')
    expect(link.textContent).toContain('4 hours')
    const manual = screen.getByRole('region', { name: 'Manual fields' })
    expect(manual.textContent).toContain('ololo@c.com')
    // Members outside the reference are kept, shown as JSON.
    const other = screen.getByRole('region', { name: 'Other fields' })
    expect(other.textContent).toContain('"area_filter_type":')
  })

  it('decodes ui_settings sent as a JSON string by the Android SDK', () => {
    const { ui_settings } = load('profile-ui-settings-android-readme.json') as {
      ui_settings: string
    }
    const profile = profileSchema.parse({
      profile_id: 'p-1',
      name: 'Android',
      settings: { ui_settings },
    })
    render(<ProfileSettings profile={profile} />)
    const ui = screen.getByRole('region', { name: 'UI settings' })
    expect(ui.textContent).toContain('shown decoded')
    expect(ui.textContent).toContain('"themes":')
  })

  it('shows text that looks like HTML as text', () => {
    const profile = profileSchema.parse({ profile_id: 'p-2', name: '<img src=x onerror=alert(1)>' })
    const { container } = render(<ProfileSettings profile={profile} />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      '<img src=x onerror=alert(1)>',
    )
    expect(container.querySelector('img')).toBeNull()
  })

  it('renders a link only for http(s) URLs', () => {
    const profile = profileSchema.parse({
      profile_id: 'p-3',
      link: { web_link: 'javascript:alert(1)', chat_link: 'https://t.example/vp/L' },
    })
    render(<ProfileSettings profile={profile} />)
    expect(screen.getByText('javascript:alert(1)').closest('a')).toBeNull()
    const chat = screen.getByRole('link', { name: 'https://t.example/vp/L' })
    expect(chat.getAttribute('rel')).toBe('noreferrer noopener')
    expect(chat.getAttribute('target')).toBe('_blank')
  })
})
