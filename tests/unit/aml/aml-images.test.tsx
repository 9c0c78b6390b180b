// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { ImagesList } from '@/components/aml/images-list'

afterEach(cleanup)

const images = [
  { url: 'https://example.org/a.jpg', description: 'Portrait, 2019' },
  { url: 'https://example.org/b.jpg', description: 'At a press event' },
  { url: 'https://example.org/c.jpg' },
  { url: 'javascript:alert(1)', description: 'Not a picture' },
]

const imgs = (container: HTMLElement) => container.querySelectorAll('img')

describe('AML match images', () => {
  it('loads nothing from the image hosts until the analyst asks', () => {
    const { container } = render(<ImagesList images={images} />)
    expect(imgs(container)).toHaveLength(0)
    expect(screen.getByRole('button', { name: 'Load 3 images from example.org' })).toBeDefined()
  })

  it('says where each image comes from, in its caption', () => {
    render(<ImagesList images={images} />)
    const figures = screen.getAllByRole('figure')
    expect(figures).toHaveLength(4)
    expect(within(figures[0] as HTMLElement).getByText('Portrait, 2019')).toBeDefined()
    for (const figure of figures.slice(0, 3)) {
      expect(within(figure).getByText('from example.org')).toBeDefined()
    }
    expect(within(figures[3] as HTMLElement).queryByText(/^from /)).toBeNull()
    expect(within(figures[3] as HTMLElement).getByText('No image')).toBeDefined()
  })

  it('loads the card’s images on the button, without a referrer, and keeps captions as figures', () => {
    const { container } = render(<ImagesList images={images} />)
    fireEvent.click(screen.getByRole('button', { name: /Load 3 images/ }))
    const loaded = [...imgs(container)]
    expect(loaded.map((img) => img.getAttribute('src'))).toEqual([
      'https://example.org/a.jpg',
      'https://example.org/b.jpg',
      'https://example.org/c.jpg',
    ])
    expect(loaded.every((img) => img.getAttribute('referrerpolicy') === 'no-referrer')).toBe(true)
    expect(loaded.every((img) => img.closest('figure')?.querySelector('figcaption'))).toBe(true)
    expect(screen.queryByRole('button', { name: /Load/ })).toBeNull()
  })

  it('asks per card: loading one card’s images loads no other card’s', () => {
    const { container } = render(
      <>
        <section aria-label="first">
          <ImagesList images={[{ url: 'https://a.example/1.png' }]} />
        </section>
        <section aria-label="second">
          <ImagesList
            images={[
              { url: 'https://b.example/1.png' },
              { url: 'https://c.example/2.png' },
              { url: 'https://d.example/3.png' },
            ]}
          />
        </section>
      </>,
    )
    expect(screen.getByRole('button', { name: 'Load 3 images from 3 sites' })).toBeDefined()
    fireEvent.click(screen.getByRole('button', { name: 'Load 1 image from a.example' }))
    expect([...imgs(container)].map((img) => img.getAttribute('src'))).toEqual([
      'https://a.example/1.png',
    ])
  })

  it('offers nothing to load over plain HTTP, which the page’s policy would block', () => {
    const { container } = render(<ImagesList images={[{ url: 'http://example.org/a.jpg' }]} />)
    expect(screen.queryByRole('button')).toBeNull()
    expect(imgs(container)).toHaveLength(0)
  })
})
