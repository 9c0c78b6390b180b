'use client'

import { useEffect, useRef } from 'react'

import { isPlainKey, isTypingTarget } from '@/lib/keyboard/typing'

/** Marks an element as one entry of the list; its value is the entry's index. */
const NAV_ITEM = 'data-nav-item'

/**
 * `j` and `k` move a roving focus through the entries of a list (rows or cards marked with
 * `data-nav-item="<index>"` inside the returned ref), Enter on a focused entry activates its
 * first link or button. Keys typed into fields are left alone. A virtualised list passes `count`
 * and `scrollToIndex`, so that entries outside the DOM can be reached: the hook scrolls there
 * first and focuses the entry once it is rendered.
 */
export function useListNavigation<T extends HTMLElement>({
  count,
  scrollToIndex,
}: {
  count?: number
  scrollToIndex?: (index: number) => void
} = {}) {
  const containerRef = useRef<T>(null)
  const options = useRef({ count, scrollToIndex })
  useEffect(() => {
    options.current = { count, scrollToIndex }
  })

  useEffect(() => {
    let pending: number | undefined
    // The entry being scrolled to: presses made meanwhile count from it, so none is lost.
    let target: number | null = null

    function itemAt(index: number) {
      return containerRef.current?.querySelector<HTMLElement>(`[${NAV_ITEM}="${index}"]`) ?? null
    }

    function focusItem(index: number, attempts = 20) {
      const item = itemAt(index)
      if (item) {
        target = null
        if (!item.hasAttribute('tabindex')) item.tabIndex = -1
        item.focus({ preventScroll: true })
        item.scrollIntoView({ block: 'nearest' })
        return
      }
      // Not rendered yet (virtualised): scroll to it and look again on the next frames.
      if (attempts === 20) options.current.scrollToIndex?.(index)
      if (attempts > 0) pending = requestAnimationFrame(() => focusItem(index, attempts - 1))
      else target = null
    }

    function onKeyDown(event: KeyboardEvent) {
      const container = containerRef.current
      if (
        !container ||
        !isPlainKey(event) ||
        isTypingTarget(event.target) ||
        event.defaultPrevented
      )
        return
      if (document.querySelector('dialog[open]')) return
      const active = document.activeElement
      const current =
        active instanceof HTMLElement ? active.closest<HTMLElement>(`[${NAV_ITEM}]`) : null
      const inList = current !== null && container.contains(current)

      if (event.key === 'Enter' && inList && active === current) {
        const primary = current.querySelector<HTMLElement>('a[href], button:not([disabled])')
        if (!primary) return
        event.preventDefault()
        primary.click()
        return
      }
      if (event.key !== 'j' && event.key !== 'k') return
      const total = options.current.count ?? container.querySelectorAll(`[${NAV_ITEM}]`).length
      if (total === 0) return
      event.preventDefault()
      const index = target ?? (inList ? Number(current.getAttribute(NAV_ITEM)) : -1)
      const next = event.key === 'j' ? Math.min(index + 1, total - 1) : Math.max(index - 1, 0)
      if (pending) cancelAnimationFrame(pending)
      target = Number.isFinite(next) ? next : 0
      focusItem(target)
    }

    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      if (pending) cancelAnimationFrame(pending)
    }
  }, [])

  return containerRef
}
