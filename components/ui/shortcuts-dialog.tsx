'use client'

import { useEffect, useRef } from 'react'

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
      <button
        type="button"
        onClick={() => dialogRef.current?.showModal()}
        aria-label="Keyboard shortcuts"
        aria-keyshortcuts="?"
        title="Keyboard shortcuts (?)"
        className="inline-flex size-6 items-center justify-center rounded border border-zinc-300 text-xs font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:border-zinc-700 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
      >
        ?
      </button>
      <dialog
        ref={dialogRef}
        aria-labelledby="shortcuts-title"
        // A click on the backdrop lands on the dialog element itself and closes it.
        onClick={(event) => {
          if (event.target === event.currentTarget) event.currentTarget.close()
        }}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/40 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
      >
        <div className="p-4">
          <div className="mb-3 flex items-center justify-between">
            <h2 id="shortcuts-title" className="text-sm font-semibold">
              Keyboard shortcuts
            </h2>
            <form method="dialog">
              <button
                type="submit"
                className="rounded px-2 py-0.5 text-xs text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
              >
                Close
              </button>
            </form>
          </div>
          <ShortcutsList />
        </div>
      </dialog>
    </>
  )
}
