'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import type { ComponentProps } from 'react'

import { LinkPending } from '@/components/ui/link-pending'

type IntentLinkProps = Omit<ComponentProps<typeof Link>, 'href' | 'prefetch'> & { href: string }

/**
 * A link that prefetches its route when the analyst shows intent (pointer over it, keyboard focus,
 * touch) rather than when it scrolls into view. A list of fifty records would otherwise start fifty
 * route prefetches while the page is still hydrating, and that work blocked the main thread for
 * hundreds of milliseconds on a throttled phone profile (docs/performance.md). A click shows a
 * pending bar until the page arrives.
 */
export function IntentLink({
  href,
  onPointerEnter,
  onFocus,
  onTouchStart,
  children,
  ...rest
}: IntentLinkProps) {
  const router = useRouter()
  const prefetch = () => router.prefetch(href)
  return (
    <Link
      {...rest}
      href={href}
      prefetch={false}
      onPointerEnter={(event) => {
        prefetch()
        onPointerEnter?.(event)
      }}
      onFocus={(event) => {
        prefetch()
        onFocus?.(event)
      }}
      onTouchStart={(event) => {
        prefetch()
        onTouchStart?.(event)
      }}
    >
      {children}
      <LinkPending />
    </Link>
  )
}
