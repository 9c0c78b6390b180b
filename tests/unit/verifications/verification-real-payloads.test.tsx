// @vitest-environment jsdom
import { readdirSync } from 'node:fs'

import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { VerificationView } from '@/components/verifications/verification-view'
import { projectVerification } from '@/lib/projection/project'
import { TEST_REF_KEY } from '@/tests/unit/helpers/projection'
import { verificationSchema, type Verification } from '@/lib/upstream/schemas'
import { loadRealPayload, REAL_PAYLOADS_DIR } from '@/tests/unit/helpers/real-payloads'

// The provider's examples live beside the repository (shared/real-payloads, see its README).
const DIR = REAL_PAYLOADS_DIR

// Outside Next's app router: links prefetch on intent through the router, which is not mounted.
vi.mock('next/navigation', () => ({
  usePathname: () => '/verifications/test',
  useRouter: () => ({ prefetch: () => undefined }),
}))

/** Every verification object in the provider's real example files, with where it came from. */
function realVerifications(): [string, unknown][] {
  const out: [string, unknown][] = []
  for (const file of readdirSync(DIR).sort()) {
    if (!file.endsWith('.json')) continue
    const read = () => loadRealPayload(file) as Record<string, unknown>
    if (file.startsWith('verification-')) {
      const json = read()
      if (Array.isArray(json.data))
        json.data.forEach((item, i) => out.push([`${file} data[${i}]`, item]))
      else out.push([file, json])
    } else if (file.startsWith('webhook-docver-')) {
      out.push([`${file} payload`, read().payload])
    }
  }
  return out
}

// The projection reads the environment once, when first used: masking on, as in production.
vi.stubEnv('DS_API_BASE_URL', 'http://upstream.test')
vi.stubEnv('DS_API_KEY', 'test-key')
vi.stubEnv('PII_MASKING', 'on')

/** Renders the view as the browser gets it: projected on the server when masking is on. */
function renderView(verification: Verification, { masking = false } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const view = masking ? projectVerification(verification, 'test', TEST_REF_KEY) : verification
  return render(
    <QueryClientProvider client={client}>
      <VerificationView
        verification={view}
        shortId="test"
        screenedAs={null}
        amlSummary={null}
        profileName={null}
      />
    </QueryClientProvider>,
  )
}

beforeEach(() => {
  // The profile and AML look-ups answer 404: the page must still render everything else.
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ type: 'about:blank#not_found', title: 'Not found' }), {
          status: 404,
          headers: { 'content-type': 'application/problem+json' },
        }),
      ),
    ),
  )
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const cases = realVerifications()

describe('real payloads render on the verification page', () => {
  it('finds the expected files', () => {
    expect(cases.length).toBeGreaterThanOrEqual(9)
  })

  it.each(cases)('%s parses and renders', (_name, raw) => {
    const verification = verificationSchema.parse(raw)
    renderView(verification)
    expect(screen.getByRole('heading', { level: 1 })).toHaveProperty(
      'textContent',
      expect.stringContaining(verification.verification_url_id ?? verification.id),
    )
    const checks = screen.getByRole('region', { name: 'Checks' })
    expect(within(checks).getAllByRole('listitem').length).toBeGreaterThan(0)
    const lifecycle = screen.getByRole('list', { name: 'Verification lifecycle' })
    expect(within(lifecycle).getAllByRole('listitem').length).toBeGreaterThan(0)
  })
})

describe('the failed DOCVER payload', () => {
  const raw = loadRealPayload('verification-docver-webhook-failed.json')

  it('shows both errors with their codes and categories, and the summary', () => {
    const { container } = renderView(verificationSchema.parse(raw))
    expect(container.textContent).toContain('2 errors in 2 of 2 checks')
    const mrz = screen.getByRole('listitem', { name: 'Document (MRZ) check' })
    expect(mrz.textContent).toContain('7000')
    expect(mrz.textContent).toContain('cross check duplicate found by doc number')
    // Twice in the DOM: its own column on wide screens, under the message on phones.
    expect(within(mrz).getAllByText('Cross-check duplicate').length).toBeGreaterThan(0)
    const face = screen.getByRole('listitem', { name: 'Face comparison check' })
    expect(face.textContent).toContain('7002')
  })

  it('shows the six-digit MRZ dates as dates in the right century, keeping the raw value', () => {
    renderView(verificationSchema.parse(raw))
    const mrz = screen.getByRole('region', { name: 'MRZ' })
    expect(mrz.textContent).toContain('1988-03-21')
    expect(mrz.textContent).toContain('raw 880321')
    expect(mrz.textContent).toContain('2032-01-19')
  })

  it('does not claim checks are required without settings, and keeps unknown members visible', () => {
    const { container } = renderView(verificationSchema.parse(raw))
    expect(screen.queryByText('Required')).toBeNull()
    expect(container.textContent).toContain('This verification carries no settings')
    expect(screen.getByRole('region', { name: 'Other fields' }).textContent).toContain(
      'duplicated_applicant_ids',
    )
  })

  it('renders identity values through IdentityValue', () => {
    const { container } = renderView(verificationSchema.parse(raw))
    const names = [...container.querySelectorAll('[data-identity="name"]')].map(
      (node) => node.textContent,
    )
    expect(names).toEqual(expect.arrayContaining(['JOHN', 'DOE']))
    expect(container.querySelector('[data-identity="document_number"]')?.textContent).toBe(
      '151341341',
    )
  })

  it('masks the MRZ date of birth and document number while masking is on', () => {
    renderView(verificationSchema.parse(raw), { masking: true })
    const mrz = screen.getByRole('region', { name: 'MRZ' })
    expect(within(mrz).queryByText('1988-03-21')).toBeNull()
    expect(within(mrz).queryByText('151341341')).toBeNull()
    expect(within(mrz).getAllByRole('button', { name: 'Reveal date of birth' })).toHaveLength(1)
    // The expiry date is not personal data and stays readable.
    expect(mrz.textContent).toContain('2032-01-19')
  })
})

describe('a payload with an unknown status and an unknown check', () => {
  it('shows the raw status and the extra check with its data', () => {
    const { container } = renderView(
      verificationSchema.parse({
        id: 'x',
        status: 'passed',
        verification_url_id: 'VAAAABBBBCCCCDDDD',
        checks: { ssn: { status: 'verified', errors: [], data: { match: 'exact' } } },
      }),
    )
    expect(screen.getAllByText('passed').length).toBeGreaterThan(0)
    expect(screen.getByRole('listitem', { name: 'ssn check' }).textContent).toContain('"exact"')
    expect(container.textContent).toContain('not in the reference’s state machine')
  })
})
