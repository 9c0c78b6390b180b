'use client'

import { useEffect, useSyncExternalStore } from 'react'

import { THEME_KEY } from '@/components/ui/theme-script'
import { storageStore } from '@/lib/util/local-storage'

export type ThemeChoice = 'light' | 'dark' | 'system'

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)')
// Another tab's choice applies here too.
const store = storageStore(THEME_KEY, () => apply(readChoice()))

function readChoice(): ThemeChoice {
  const stored = store.read()
  return stored === 'light' || stored === 'dark' ? stored : 'system'
}

function apply(choice: ThemeChoice) {
  const dark = choice === 'dark' || (choice === 'system' && darkQuery().matches)
  document.documentElement.classList.toggle('dark', dark)
}

export function setThemeChoice(choice: ThemeChoice) {
  apply(choice)
  store.write(choice === 'system' ? null : choice)
}

/** The stored choice; null on the server and during hydration, which cannot know it. */
export function useThemeChoice(): ThemeChoice | null {
  const choice = useSyncExternalStore(store.subscribe, readChoice, () => null)
  useEffect(() => {
    if (choice !== 'system') return
    const query = darkQuery()
    const follow = () => apply('system')
    query.addEventListener('change', follow)
    return () => query.removeEventListener('change', follow)
  }, [choice])
  return choice
}
