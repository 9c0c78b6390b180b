// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { readdirSync } from 'node:fs'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { QueryClient, QueryClientProvider } from '@tanstack/react-query'

import { WebhookRecordRow } from '@/components/webhooks/webhook-record-row'
import { WebhookTimeline } from '@/components/webhooks/webhook-timeline'
import { webhookRecordQueryOptions } from '@/lib/queries/webhooks'
import { webhookHistoryPageSchema, webhookRecordSchema } from '@/lib/upstream/schemas'
import { timelineRows } from '@/lib/webhooks/days'
import { timelineRecord, type WebhookRecordView } from '@/lib/webhooks/timeline'
import { unmaskedProjection } from '@/tests/unit/helpers/projection'
import { loadRealPayload, REAL_PAYLOADS_DIR, stubLayout } from '@/tests/unit/helpers/real-payloads'

/* The provider's own webhook examples, parsed as the upstream client would, then rendered. */
const load = loadRealPayload
const recordFiles = readdirSync(REAL_PAYLOADS_DIR).filter(
  (name) => /^webhook-.*\.json$/.test(name) && !name.includes('history'),
)

vi.mock('next/navigation', () => ({
  usePathname: () => '/webhooks',
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
  useSearchParams: () => new URLSearchParams(),
}))

beforeAll(stubLayout)

afterEach(cleanup)

const LISTED = { after: null, webhookId: null }

/** The row as the timeline lists it: the record summarised on the server, its payload left there. */
function renderRecord(name: string) {
  const record = unmaskedProjection(webhookRecordSchema.parse(load(name)))
  render(
    <QueryClientProvider client={new QueryClient()}>
      <WebhookRecordRow
        record={timelineRecord(record, LISTED)}
        timeZone="UTC"
        expanded={false}
        onToggle={() => undefined}
      />
    </QueryClientProvider>,
  )
  return record
}

const NONE_EARLIER = {
  ok: true,
  value: {
    found: false,
    placed: true,
    window: { records: 1, pages: 1, complete: true, oldest: null },
  },
} satisfies WebhookRecordView['changes']

/** Opened, with the whole record as the server answers it (by default no earlier screening). */
function renderExpanded(name: string, changes: WebhookRecordView['changes'] = NONE_EARLIER) {
  const record = unmaskedProjection(webhookRecordSchema.parse(load(name)))
  const listed = timelineRecord(record, LISTED)
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(webhookRecordQueryOptions(listed).queryKey, { record, changes })
  render(
    <QueryClientProvider client={client}>
      <WebhookRecordRow record={listed} timeZone="UTC" expanded onToggle={() => undefined} />
    </QueryClientProvider>,
  )
  return screen.getByRole('article')
}

/** The row's own disclosure button: the first, before the copy buttons and the JSON branches. */
function toggleOf(row: HTMLElement) {
  const [toggle] = within(row).getAllByRole('button')
  if (!toggle?.hasAttribute('aria-expanded')) throw new Error('no disclosure button in the row')
  return toggle
}

describe('webhook history on real payloads', () => {
  it.each(recordFiles)('%s parses and renders its type, time and ids', (name) => {
    const record = renderRecord(name)
    const row = screen.getByRole('article')
    expect(toggleOf(row).textContent).toContain(record.event_type ?? '')
    expect(row.querySelector(`code[title="${record.id}"]`)?.textContent).toBe(
      `${record.id.slice(0, 8)}…`,
    )
    expect(within(row).getAllByRole('button', { name: 'Copy record id' })).toHaveLength(1)
    expect(row.querySelector('time')?.getAttribute('dateTime')).toBe(
      new Date(record.timestamp ?? '').toISOString(),
    )
  })

  it('summarises the low-risk AML screening and links its report in context, but no verification', () => {
    const row = renderExpanded('webhook-aml-screening-low-risk.json')
    const toggle = toggleOf(row)
    expect(toggle.textContent).toContain('JOHN DOE')
    expect(toggle.textContent).toContain('no matches')
    const request = within(row).getByRole('region', { name: /^AML search request, record / })
    expect(request.textContent).toContain('United Kingdom')
    expect(
      within(row)
        .getByRole('link', { name: /Open AML report/ })
        .getAttribute('href'),
    ).toBe(
      '/aml/616adf2b-5ae1-4f43-ab65-f43fb32a6dc3?subject=screening%3Aef12baa7-23bb-442b-be2f-bb3b796c03b0',
    )
    // The mirror holds no earlier screening of this applicant.
    expect(row.textContent).toContain('No earlier screening of this applicant in the whole history')
    expect(within(row).queryByRole('link', { name: /Open verification/ })).toBeNull()
  })

  it('says so when the previous screening could not be read, and points to the report', () => {
    const row = renderExpanded('webhook-aml-screening-low-risk.json', { ok: false })
    const changes = within(row).getByRole('region', { name: /^Changes since the previous/ })
    expect(changes.textContent).toContain('The previous screening could not be read')
    expect(within(changes).getByRole('link', { name: 'The AML report' })).toBeTruthy()
    expect(within(row).getByRole('region', { name: /^Payload, record / })).toBeTruthy()
  })

  it('reads the medium-risk screening sent with search_result: five matches, Medium', () => {
    renderRecord('webhook-aml-screening-medium-risk.json')
    const toggle = toggleOf(screen.getByRole('article'))
    expect(toggle.textContent).toContain('abc abc')
    expect(toggle.textContent).toContain('5 matches')
    expect(toggle.textContent).toContain('Medium risk')
  })

  it('links the failed DOCVER record to its verification by the short id it carries', () => {
    const row = renderExpanded('webhook-docver-failed.json')
    expect(toggleOf(row).textContent).toContain('Verification V111BBB013311111')
    expect(within(row).getAllByText('failed')).toHaveLength(1)
    expect(
      within(row)
        .getByRole('link', { name: /Open verification V111BBB013311111/ })
        .getAttribute('href'),
    ).toBe('/verifications/V111BBB013311111')
  })

  it('does not invent a verification link for the 2022 DOCVER event without a short id', () => {
    const row = renderExpanded('webhook-docs-public-docver-event-2022.json')
    expect(toggleOf(row).textContent).toContain('Verification b86a3cbe')
    expect(within(row).queryByRole('link', { name: /Open verification/ })).toBeNull()
  })

  it('renders the envelope example, an AML_SCREENING with an empty payload, without inventing facts', () => {
    const row = renderExpanded('webhook-docs-envelope-example.json')
    expect(toggleOf(row).textContent).toBe('▾15:32:13AML_SCREENING')
    expect(within(row).getByRole('region', { name: /^Payload, record / }).textContent).toContain(
      '{}',
    )
    expect(within(row).queryByRole('link', { name: /Open AML report/ })).toBeNull()
  })

  it('opens a branch of the payload JSON of an expanded record', () => {
    const row = renderExpanded('webhook-aml-screening-medium-risk.json')
    const payload = within(row).getByRole('region', { name: /^Payload, record / })
    const branch = within(payload).getByRole('button', { name: /"search_request"/ })
    expect(branch.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(branch)
    expect(branch.getAttribute('aria-expanded')).toBe('true')
    expect(payload.textContent).toContain('"abc abc"')
  })

  it('renders the 2022 history page on the timeline under its day', () => {
    const page = webhookHistoryPageSchema.parse(load('webhook-history-docs-public-2022.json'))
    expect(page.has_next).toBe(true)
    const records = unmaskedProjection(page).data.map((record) => timelineRecord(record, LISTED))
    render(
      <QueryClientProvider client={new QueryClient()}>
        <WebhookTimeline rows={timelineRows(records, 'UTC')} timeZone="UTC" />
      </QueryClientProvider>,
    )
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/8 Sept? 2022/)
    const [record] = screen.getAllByRole('article')
    expect(screen.getAllByRole('article')).toHaveLength(1)
    expect(document.body.textContent).toContain('1 notification')
    expect(record?.textContent).toContain('DOCVER')
    expect(record?.querySelector('time')?.textContent).toBe('20:25:40')
  })
})
