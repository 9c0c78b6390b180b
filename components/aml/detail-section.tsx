import type { ReactNode } from 'react'

import { showInvisible } from '@/lib/api/free-text'
import { safeHttpUrl } from '@/lib/util/urls'

/** One group of a match's detail; the caller leaves it out when the data has nothing for it. */
export function DetailSection({
  title,
  count,
  children,
}: {
  title: string
  count?: number
  children: ReactNode
}) {
  return (
    <section className="min-w-0 print:break-inside-avoid">
      <h4 className="mb-1.5 text-xs font-semibold tracking-wide text-faint uppercase">
        {title}
        {count !== undefined && count > 1 && <span className="ml-1 font-normal">({count})</span>}
      </h4>
      <div className="text-sm">{children}</div>
    </section>
  )
}

/** An external link that opens in a new tab and names where it goes; only http(s) is a link. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const safe = safeHttpUrl(href)
  // Upstream text shown as link text: bidi and invisible characters written out, not obeyed.
  const text = typeof children === 'string' ? showInvisible(children) : children
  if (!safe) return <span className="break-all">{showInvisible(href)}</span>
  return (
    <a
      href={safe}
      target="_blank"
      rel="noopener noreferrer"
      className="break-all text-link hover:underline"
    >
      {text}
    </a>
  )
}
