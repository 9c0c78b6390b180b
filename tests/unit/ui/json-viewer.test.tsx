// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { JsonViewer } from '@/components/ui/json-viewer'

afterEach(cleanup)

describe('the JSON viewer', () => {
  it('names every toggle for screen readers, also those that show only a bracket', () => {
    render(<JsonViewer label="Payload" value={{ checks: [{ status: 'ok' }, []] }} />)
    const root = screen.getByRole('button', { name: 'Payload, object of 1 item' })
    expect(root).toHaveProperty('textContent', '▾{')
    // A named node is called by its key, as it shows.
    expect(screen.getByRole('button', { name: /^"checks":\s?\[$/ })).toBeDefined()
    const first = screen.getByRole('button', { name: 'item 1, object of 1 item' })
    fireEvent.click(first)
    expect(first.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByText('"ok"')).toBeDefined()
  })
})
