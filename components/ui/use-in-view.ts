'use client'

import { useEffect, useRef, useState } from 'react'

/**
 * Whether an element is within `rootMargin` of the viewport: the sentinel that loads more of a
 * list before the analyst reaches its end. False where IntersectionObserver is missing.
 */
export function useInView<T extends Element>(rootMargin: string) {
  const ref = useRef<T>(null)
  const [inView, setInView] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      ([entry]) => setInView(entry?.isIntersecting ?? false),
      { rootMargin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [rootMargin])
  return [ref, inView] as const
}
