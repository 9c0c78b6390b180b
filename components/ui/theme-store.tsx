'use client'

import { useEffect, useSyncExternalStore } from 'react'

import { THEME_KEY } from '@/components/ui/theme-script'

export type ThemeChoice = 'light' | 'dark' | 'system'

const listeners = new Set<() => void>()
const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)')

function readChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_KEY)
    return stored === 'light' || stored === 'dark' ? stored : 'system'
  } catch {
    return 'system'
  }
}

function apply(choice: ThemeChoice) {
  const dark = choice === 'dark' || (choice === 'system' && darkQuery().matches)
  document.documentElement.classList.toggle('dark', dark)
}

export function setThemeChoice(choice: ThemeChoice) {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_KEY)
    else localStorage.setItem(THEME_KEY, choice)
  } catch {
    // Without storage the choice lasts until the page is left.
  }
  apply(choice)
  listeners.forEach((notify) => notify())
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  // Another tab changed the choice.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_KEY && event.key !== null) return
    apply(readChoice())
    listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** The stored choice; null on the server and during hydration, which cannot know it. */
export function useThemeChoice(): ThemeChoice | null {
  const choice = useSyncExternalStore(subscribe, readChoice, () => null)
  useEffect(() => {
    if (choice !== 'system') return
    const query = darkQuery()
    const follow = () => apply('system')
    query.addEventListener('change', follow)
    return () => query.removeEventListener('change', follow)
  }, [choice])
  return choice
}
