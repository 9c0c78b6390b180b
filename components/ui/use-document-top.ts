'use client'

import { useLayoutEffect, useState, type RefObject } from 'react'

/**
 * An element's distance from the top of the document, kept current as the content above it
 * resizes: the scroll margin of a virtual list that does not start at the top of the page.
 */
export function useDocumentTop(ref: RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => setTop(Math.round(element.getBoundingClientRect().top + window.scrollY))
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [ref])
  return top
}
