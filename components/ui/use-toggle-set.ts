'use client'

import { useCallback, useState } from 'react'

/** Which entries of a list are open, with a stable toggle for each entry's button. */
export function useToggleSet(initial: () => ReadonlySet<string> = () => new Set()) {
  const [open, setOpen] = useState<ReadonlySet<string>>(initial)
  const toggle = useCallback((id: string) => {
    setOpen((previous) => {
      const next = new Set(previous)
      if (!next.delete(id)) next.add(id)
      return next
    })
  }, [])
  return [open, toggle, setOpen] as const
}
