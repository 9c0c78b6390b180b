'use client'

import { useState } from 'react'

import { Button } from '@/components/ui/button'
import type { AmlMatchFields } from '@/lib/upstream/schemas'
import { safeHttpUrl } from '@/lib/util/urls'

type Image = NonNullable<AmlMatchFields['images']>[number]

/**
 * Pictures of the match, loaded only when the analyst asks, per card. They come from whatever
 * host the screening source used, often the subject's own: loading them as soon as a card opens
 * would tell that host the analyst's address and when the match was looked at (tipping-off). So
 * each picture says where it comes from, and nothing is fetched before the button is pressed.
 */
export function ImagesList({ images }: { images: readonly Image[] }) {
  const [loaded, setLoaded] = useState(false)
  const items = images.map((image) => ({ image, source: imageSource(image.url) }))
  const hosts = [...new Set(items.flatMap(({ source }) => (source ? [source.host] : [])))]
  const count = items.filter(({ source }) => source).length

  return (
    <div className="space-y-2">
      {!loaded && count > 0 && (
        <div className="flex flex-wrap items-center gap-3 text-xs text-muted">
          <Button
            onClick={() => setLoaded(true)}
            variant="secondary"
            size="md"
            className="text-zinc-900 dark:text-zinc-100"
          >
            Load {count} {count === 1 ? 'image' : 'images'} from {hostsLabel(hosts)}
          </Button>
          <span>Those sites will see that this match was opened.</span>
        </div>
      )}
      <ul className="flex flex-wrap gap-3">
        {items.map(({ image, source }, index) => (
          <li key={index} className="w-32">
            <figure>
              {source && loaded ? (
                // oxlint-disable-next-line nextjs/no-img-element -- arbitrary upstream hosts; next/image would proxy them
                <img
                  src={source.src}
                  // The caption below says what it shows; the same words as alt text would be read twice.
                  alt=""
                  loading="lazy"
                  referrerPolicy="no-referrer"
                  className="h-32 w-32 rounded border border-line bg-subtle object-cover"
                />
              ) : (
                <div className="flex h-32 w-32 items-center justify-center rounded border border-dashed border-zinc-300 text-xs text-faint">
                  {source ? 'Not loaded' : 'No image'}
                </div>
              )}
              {(image.description || source) && (
                <figcaption className="mt-1 text-xs text-muted">
                  {image.description}
                  {source && <span className="block break-all text-faint">from {source.host}</span>}
                </figcaption>
              )}
            </figure>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** An image the page's policy lets load (HTTPS only), with the host it would come from. */
function imageSource(url: string | null | undefined) {
  const src = safeHttpUrl(url)
  if (!src?.startsWith('https:')) return null
  return { src, host: new URL(src).host }
}

function hostsLabel(hosts: readonly string[]) {
  if (hosts.length <= 2) return hosts.join(' and ')
  return `${hosts.length} sites`
}
