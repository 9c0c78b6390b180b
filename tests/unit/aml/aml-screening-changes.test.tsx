// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { ScreeningChangesSection } from '@/components/aml/screening-changes'
import type { WindowSummary } from '@/lib/review/changes'

/* What the report's "Since the previous screening" says when no previous screening was found. */

vi.mock('next/navigation', () => ({
  usePathname: () => '/aml/x',
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
  useSearchParams: () => new URLSearchParams(),
}))

afterEach(cleanup)

const whole: WindowSummary = { records: 6000, pages: 120, complete: true, oldest: null }
const newest: WindowSummary = {
  records: 500,
  pages: 10,
  complete: false,
  oldest: '2026-11-01T10:00:00Z',
}

function section(placed: boolean, window: WindowSummary) {
  render(
    <ScreeningChangesSection changes={{ ok: true, value: { found: false, placed, window } }} />,
  )
  return screen.getByRole('region', { name: 'Since the previous screening' })
}

describe('no previous screening found', () => {
  it('says there is none earlier when the screening was placed in the whole history', () => {
    const text = section(true, whole).textContent
    expect(text).toContain('No earlier screening of this applicant.')
    expect(text).toContain('Looked through the whole webhook history.')
  })

  it('says which came before is not known when its own record was not found', () => {
    const text = section(false, whole).textContent
    expect(text).not.toContain('No earlier screening')
    expect(text).toContain('This screening’s own notification was not found')
    expect(text).toContain('Looked through the whole webhook history.')
  })

  it('names the part of the history looked through when it was not the whole', () => {
    expect(section(false, newest).textContent).toContain(
      'Looked through the newest 500 notifications',
    )
  })
})
