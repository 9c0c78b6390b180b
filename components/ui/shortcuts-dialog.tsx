'use client'

import { useEffect, useRef } from 'react'

import { Button } from '@/components/ui/button'
import { ShortcutsList } from '@/components/ui/shortcuts-list'
import { isPlainKey, isTypingTarget } from '@/lib/keyboard/typing'

/** `?` (or the header's button) opens the list of shortcuts; Esc or the button closes it. */
export function ShortcutsDialog() {
  const dialogRef = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== '?' || !isPlainKey(event) || isTypingTarget(event.target)) return
      const dialog = dialogRef.current
      if (!dialog || dialog.open) return
      event.preventDefault()
      dialog.showModal()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])

  return (
    <>
      <Button
        onClick={() => dialogRef.current?.showModal()}
        aria-label="Keyboard shortcuts"
        aria-keyshortcuts="?"
        title="Keyboard shortcuts (?)"
        variant="ghost"
        className="inline-flex size-6 items-center justify-center border border-control text-xs font-medium"
      >
        ?
      </Button>
      <dialog
        ref={dialogRef}
        aria-labelledby="shortcuts-title"
        // A click on the backdrop lands on the dialog element itself and closes it.
        onClick={(event) => {
          if (event.target === event.currentTarget) event.currentTarget.close()
        }}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-zinc-200 bg-surface p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/40 dark:border-zinc-700 dark:text-zinc-100"
      >
        <div className="p-4">
          <div className="mb-3 flex items-center justify-between">
            <h2 id="shortcuts-title" className="text-sm font-semibold">
              Keyboard shortcuts
            </h2>
            <form method="dialog">
              <Button type="submit" variant="ghost" size="xs">
                Close
              </Button>
            </form>
          </div>
          <ShortcutsList />
        </div>
      </dialog>
    </>
  )
}
