'use client'

import { useEffect, useEffectEvent, useLayoutEffect, useRef, type RefObject } from 'react'

/**
 * A field of a server-rendered page can be typed into or chosen from before the page has
 * hydrated. React keeps what the field shows but does not replay the change, so the field and the
 * component's state disagree: the select says "Vessel" over an unfiltered list, the search box
 * holds an id that Enter does not see. Once hydrated, hand what the field shows to the component.
 */
export function useEnteredBeforeHydration(
  ref: RefObject<HTMLInputElement | HTMLSelectElement | null>,
  value: string,
  onEntered: (value: string) => void,
) {
  // Read in the hydrating commit itself: any later render of a controlled select (its options
  // growing as data arrives) puts the selection back to `value` and the choice would be lost.
  const atHydration = useRef<{ shown: string; value: string } | null>(null)
  const capture = useEffectEvent(() => {
    if (ref.current) atHydration.current = { shown: ref.current.value, value }
  })
  useLayoutEffect(() => capture(), [])
  const takeUp = useEffectEvent(() => {
    const entered = atHydration.current
    // A change made through React since hydration is newer than what the field showed then.
    if (entered && entered.shown !== entered.value && value === entered.value) {
      onEntered(entered.shown)
    }
  })
  // After this commit's other effects: child effects run before the app router's, and the router
  // syncs history.replaceState into useSearchParams only once its own effect has run.
  useEffect(() => {
    const timer = setTimeout(takeUp, 0)
    return () => clearTimeout(timer)
  }, [])
}
