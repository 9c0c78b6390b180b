// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { MrzDateValue } from '@/components/verifications/mrz-date-value'
import { toToken } from '@/lib/projection/masked-token'

const reveal = vi.hoisted(() => vi.fn())
vi.mock('@/lib/queries/reveal', () => ({ revealValue: reveal }))

afterEach(cleanup)

const read = new Date('2026-11-01T12:00:00Z')
const masked = toToken({ kind: 'date_of_birth', ref: 'ref-1', shown: '••••••' })

describe('an MRZ date of birth, masked and revealed', () => {
  it('reads like an unmasked one once revealed: the date, with the raw digits beside it', async () => {
    reveal.mockResolvedValue({ ok: true, value: '880321' })
    const { container } = render(<MrzDateValue value={masked} kind="birth" reference={read} />)
    expect(container.textContent).not.toContain('880321')
    fireEvent.click(screen.getByRole('button', { name: 'Reveal date of birth' }))
    expect(await screen.findByText('1988-03-21')).toBeTruthy()
    expect(container.textContent).toBe('1988-03-21raw 880321')
    expect(reveal).toHaveBeenCalledWith('ref-1')

    cleanup()
    const { container: plain } = render(
      <MrzDateValue value="880321" kind="birth" reference={read} />,
    )
    expect(plain.textContent).toBe('1988-03-21raw 880321')
  })

  it('says when the revealed value is not a date', async () => {
    reveal.mockResolvedValue({ ok: true, value: '88AB21' })
    render(<MrzDateValue value={masked} kind="birth" reference={read} />)
    fireEvent.click(screen.getByRole('button', { name: 'Reveal date of birth' }))
    expect(await screen.findByText('not a valid date')).toBeTruthy()
    expect(screen.getByText('88AB21', { exact: false })).toBeTruthy()
  })
})
