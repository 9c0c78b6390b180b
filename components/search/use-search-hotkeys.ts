'use client'

import { useEffect, type RefObject } from 'react'

import { isPlainKey, isTypingTarget } from '@/lib/keyboard/typing'

/** `/` (outside text fields) and Ctrl/Cmd+K (anywhere) put the cursor in the search box. */
export function useSearchHotkeys(inputRef: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const slash = event.key === '/' && isPlainKey(event) && !isTypingTarget(event.target)
      const commandK =
        event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey
      if (!slash && !commandK) return
      const input = inputRef.current
      if (!input) return
      event.preventDefault()
      input.focus()
      input.select()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [inputRef])
}
