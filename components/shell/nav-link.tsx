'use client'

import { usePathname } from 'next/navigation'
import type { ReactNode } from 'react'

import { IntentLink } from '@/components/ui/intent-link'

export function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const pathname = usePathname()
  const active = pathname === href || pathname.startsWith(`${href}/`)
  return (
    <IntentLink
      href={href}
      aria-current={active ? 'page' : undefined}
      className={
        active
          ? 'rounded bg-subtle px-1.5 py-1 font-medium text-zinc-900 sm:px-2.5 dark:text-zinc-50'
          : 'rounded px-1.5 py-1 text-zinc-600 hover:bg-subtle hover:text-zinc-900 sm:px-2.5 dark:text-zinc-300'
      }
    >
      {children}
    </IntentLink>
  )
}
