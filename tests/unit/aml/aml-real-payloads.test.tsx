// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { QueryClient, QueryClientProvider } from '@tanstack/react-query'

import { ReportPage } from '@/components/aml/report-page'
import { listReport } from '@/lib/aml/details'
import { amlSearchQueryOptions } from '@/lib/queries/aml'
import { decisionsQueryOptions } from '@/lib/queries/decisions'
import { compareMatch, whyView } from '@/lib/review/compare'
import type { SearchDecisions } from '@/lib/review/decision-rules'
import type { ReportReview } from '@/lib/review/report-comparisons'
import { subjectFromRequestedName } from '@/lib/review/subject'
import { amlSearchResultSchema, type AmlSearchResult } from '@/lib/upstream/schemas'
import { unmaskedProjection } from '@/tests/unit/helpers/projection'
import { loadRealPayload, stubLayout } from '@/tests/unit/helpers/real-payloads'

/* The provider's own example AML results, parsed as the upstream client would and rendered. */
const load = loadRealPayload

vi.mock('next/navigation', () => ({
  usePathname: () => '/aml/test',
  useSearchParams: () => new URLSearchParams(),
}))

beforeAll(stubLayout)

const noDecisions: SearchDecisions = {
  matches: {},
  remembered: {},
  reopened: {},
  counts: { reviewed: 0, awaitingSecond: 0 },
  viewer: { analystId: 'https://idp.example.com analyst', label: 'analyst@example.com' },
  applicantId: null,
}

/**
 * The report as its page renders it without a subject (compared with the requested name only):
 * the list part of each match, and the whole report as its route answered it for expanded cards.
 */
function renderReport(
  result: AmlSearchResult,
  decisions: SearchDecisions = noDecisions,
  { detailsRead = true } = {},
) {
  const subject = subjectFromRequestedName(result.requested_name)
  const review: ReportReview = {
    status: 'none',
    subject: {
      source: null,
      applicantId: null,
      names: subject.names,
      born: null,
      countries: [],
      gender: null,
    },
    applicantKnown: false,
    comparisons: Object.fromEntries(
      result.data.map((m) => [m.uuid, whyView(compareMatch(subject, m))]),
    ),
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(decisionsQueryOptions(result.search_uuid, null).queryKey, decisions)
  if (detailsRead) {
    client.setQueryData(
      amlSearchQueryOptions(result.search_uuid).queryKey,
      unmaskedProjection(result),
    )
  }
  return render(
    <QueryClientProvider client={client}>
      <ReportPage
        result={unmaskedProjection(listReport(result))}
        review={review}
        subject={null}
        screenedAs={{ ok: true, value: null }}
        changes={{ ok: true, value: null }}
      />
    </QueryClientProvider>,
  )
}

afterEach(cleanup)

describe('AML report on real payloads', () => {
  it('renders the medium-risk result: five Organization matches with string risk scores', () => {
    const result = amlSearchResultSchema.parse(load('aml-search-result-abc-medium-risk.json'))
    renderReport(result)
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
    // Without a subject, each card says it compared the name alone, and nothing is reviewed yet.
    expect(first.textContent).toContain('Name only')
    expect(first.textContent).toContain('Compared with the requested name only')
    expect(within(first).getByText('Unreviewed')).toBeTruthy()
    expect(summary.textContent).toContain('0 reviewed · 5 unreviewed')
  })

  it('shows a decision on its card and counts it in the summary', () => {
    const result = amlSearchResultSchema.parse(load('aml-search-result-abc-medium-risk.json'))
    const uuid = result.data[0]!.uuid
    const entry = {
      id: 1,
      searchId: result.search_uuid,
      matchUuid: uuid,
      applicantId: null,
      decision: 'false_positive' as const,
      action: 'set' as const,
      reason: 'Registered in another country than the applicant',
      user: 'reviewer@example.com',
      analystId: 'https://idp.example.com reviewer',
      at: '2026-11-20T10:00:00Z',
      carriedFrom: null,
      settles: true,
    }
    renderReport(result, {
      ...noDecisions,
      matches: { [uuid]: { state: { status: 'decided', entry }, history: [entry] } },
      counts: { reviewed: 1, awaitingSecond: 0 },
    })
    const first = screen.getAllByRole('article')[0]!
    expect(first.textContent).toContain('False positive · reviewer@example.com')
    expect(first.textContent).toContain('Registered in another country than the applicant')
    const summary = screen.getByRole('region', { name: 'Summary' })
    expect(summary.textContent).toContain('1 reviewed · 4 unreviewed')
  })

  it('shows media, sources and their dates when a real card is expanded', async () => {
    const result = amlSearchResultSchema.parse(load('aml-search-result-abc-medium-risk.json'))
    renderReport(result)
    const first = screen.getAllByRole('article')[0]!
    const button = within(first).getByRole('button', { expanded: false })
    await act(() => Promise.resolve(fireEvent.click(button)))
    expect(first.textContent).toContain('Weeks before Darcey and Chloe died')
    // published_at 1676397261 is in seconds: 2023-02-14.
    expect(within(first).getAllByText('2023-02-14').length).toBeGreaterThan(0)
    expect(first.textContent).toContain('Excluded by the Department of Health and Human Services')
    expect(
      within(first).getAllByRole('link', { name: 'Open source' })[0]?.getAttribute('href'),
    ).toContain('sam.gov')
  })

  it('says so while the details are read, and offers a retry when their read fails', async () => {
    const result = amlSearchResultSchema.parse(load('aml-search-result-abc-medium-risk.json'))
    const answers = [
      () =>
        Response.json(
          { type: 'about:blank#timeout', title: 'Upstream timed out' },
          { status: 504 },
        ),
      () => Response.json(unmaskedProjection(result)),
    ]
    const reads: string[] = []
    vi.stubGlobal('fetch', (url: string) => {
      reads.push(url)
      return Promise.resolve(answers[reads.length - 1]!())
    })
    try {
      renderReport(result, noDecisions, { detailsRead: false })
      const first = screen.getAllByRole('article')[0]!
      fireEvent.click(within(first).getByRole('button', { expanded: false }))
      expect(within(first).getByRole('status').textContent).toBe('Loading the details…')
      const failed = await within(first).findByRole('alert')
      expect(failed.textContent).toContain('Try again')
      expect(first.textContent).not.toContain('Weeks before Darcey and Chloe died')
      fireEvent.click(within(failed).getByRole('button', { name: 'Try again' }))
      await within(first).findByText(/Weeks before Darcey and Chloe died/)
      expect(reads).toEqual([
        `/api/aml/search/history/${result.search_uuid}`,
        `/api/aml/search/history/${result.search_uuid}`,
      ])
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('renders the no-match result plainly', () => {
    const result = amlSearchResultSchema.parse(load('aml-search-result-john-doe-no-matches.json'))
    const { container } = renderReport(result)
    expect(container.textContent).toContain('No matches')
    expect(screen.queryAllByRole('article')).toHaveLength(0)
  })

  it.each(['webhook-aml-screening-medium-risk.json', 'webhook-aml-screening-low-risk.json'])(
    'renders the search_result embedded in %s',
    (name) => {
      const payload = (load(name) as { payload: { search_result: unknown } }).payload
      const result = amlSearchResultSchema.parse(payload.search_result)
      renderReport(result)
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(result.requested_name)
      expect(screen.queryAllByRole('article')).toHaveLength(result.data.length)
    },
  )
})
