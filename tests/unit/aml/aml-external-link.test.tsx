// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'

import { ExternalLink } from '@/components/aml/detail-section'

afterEach(cleanup)

it('links a match’s http(s) source and leaves anything else as inert text', () => {
  render(
    <>
      <ExternalLink href="https://news.example.org/a?b=1">Headline</ExternalLink>
      <ExternalLink href="javascript:alert(1)">Trap</ExternalLink>
      <ExternalLink href="https://">Broken</ExternalLink>
    </>,
  )
  const link = screen.getByRole('link', { name: 'Headline' })
  expect(link.getAttribute('href')).toBe('https://news.example.org/a?b=1')
  expect(link.getAttribute('rel')).toBe('noopener noreferrer')
  expect(screen.queryByRole('link', { name: /Trap|javascript/ })).toBeNull()
  expect(screen.getByText('javascript:alert(1)')).toBeDefined()
  expect(screen.getAllByRole('link')).toHaveLength(1)
})

it('shows bidi and invisible characters of a website escaped in its link text, not obeyed', () => {
  render(
    <>
      <ExternalLink href={'https://shop.example/\u202Egpj.exe'}>
        {'https://shop.example/\u202Egpj.exe'}
      </ExternalLink>
      <ExternalLink href={'javascript:\u200Balert(1)'}>Trap</ExternalLink>
    </>,
  )
  const link = screen.getByRole('link')
  expect(link.textContent).toBe('https://shop.example/\\u{202E}gpj.exe')
  expect(screen.getByText('javascript:\\u{200B}alert(1)')).toBeDefined()
})
