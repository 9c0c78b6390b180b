// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { ReportPage } from '@/components/aml/report-page'
import { amlSearchResultSchema } from '@/lib/upstream/schemas'
import { loadRealPayload, stubLayout } from '@/tests/unit/helpers/real-payloads'

/* The provider's own example AML results, parsed as the upstream client would and rendered. */
const load = loadRealPayload

vi.mock('next/navigation', () => ({
  usePathname: () => '/aml/test',
  useSearchParams: () => new URLSearchParams(),
}))

beforeAll(stubLayout)

afterEach(cleanup)

describe('AML report on real payloads', () => {
  it('renders the medium-risk result: five Organization matches with string risk scores', () => {
    const result = amlSearchResultSchema.parse(load('aml-search-result-abc-medium-risk.json'))
    render(<ReportPage result={result} />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('abc abc')
    const cards = screen.getAllByRole('article')
    expect(cards).toHaveLength(5)
    const summary = screen.getByRole('region', { name: 'Summary' })
    expect(summary.textContent).toContain('Medium risk')
    expect(summary.textContent).toContain('Organization')
    // The requested "abc abc" marks ABC in the first card's name.
    const first = cards[0]!
    expect([...first.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['ABC'])
    expect(first.textContent).toContain('Medium risk')
  })

  it('shows media, sources and their dates when a real card is expanded', () => {
    const result = amlSearchResultSchema.parse(load('aml-search-result-abc-medium-risk.json'))
    render(<ReportPage result={result} />)
    const first = screen.getAllByRole('article')[0]!
    fireEvent.click(within(first).getByRole('button', { expanded: false }))
    expect(first.textContent).toContain('Weeks before Darcey and Chloe died')
    // published_at 1676397261 is in seconds: 2023-02-14.
    expect(within(first).getAllByText('2023-02-14').length).toBeGreaterThan(0)
    expect(first.textContent).toContain('Excluded by the Department of Health and Human Services')
    expect(
      within(first).getAllByRole('link', { name: 'Open source' })[0]?.getAttribute('href'),
    ).toContain('sam.gov')
  })

  it('renders the no-match result plainly', () => {
    const result = amlSearchResultSchema.parse(load('aml-search-result-john-doe-no-matches.json'))
    const { container } = render(<ReportPage result={result} />)
    expect(container.textContent).toContain('No matches')
    expect(screen.queryAllByRole('article')).toHaveLength(0)
  })

  it.each(['webhook-aml-screening-medium-risk.json', 'webhook-aml-screening-low-risk.json'])(
    'renders the search_result embedded in %s',
    (name) => {
      const payload = (load(name) as { payload: { search_result: unknown } }).payload
      const result = amlSearchResultSchema.parse(payload.search_result)
      render(<ReportPage result={result} />)
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(result.requested_name)
      expect(screen.queryAllByRole('article')).toHaveLength(result.data.length)
    },
  )
})
