'use client'

import { useQueryClient } from '@tanstack/react-query'
import { usePathname, useRouter } from 'next/navigation'
import {
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react'

import type { SearchOutcome } from '@/components/search/search-panel'
import { useSearchHotkeys } from '@/components/search/use-search-hotkeys'
import { useEnteredBeforeHydration } from '@/components/ui/use-entered-before-hydration'
import { amlReportPath, homePath, profilePath, searchPath } from '@/lib/routes'
import { recognise } from '@/lib/search/recognise'
import { resolveUuid, uuidKindNoun } from '@/lib/search/resolve-uuid'
import { submitted } from '@/lib/search/submitted'

/**
 * The header search's state: what was typed, what it was taken for, the UUID look-up, the panel's
 * open state, and the keys that move between the input and the panel's options.
 */
export function useGlobalSearch() {
  const router = useRouter()
  const pathname = usePathname()
  const queryClient = useQueryClient()
  const inputRef = useRef<HTMLInputElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const lookup = useRef<AbortController | null>(null)
  const [value, setValue] = useState('')
  // The panel belongs to the page it was opened on: a change of page closes it, however it happened.
  const [openOn, setOpenOn] = useState<string | null>(null)
  const open = openOn === pathname
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null)
  const [outcome, setOutcome] = useState<SearchOutcome | null>(null)
  const [note, setNote] = useState<string | null>(null)

  useSearchHotkeys(inputRef)
  useEnteredBeforeHydration(inputRef, value, (entered) => {
    setValue(entered)
    if (document.activeElement === inputRef.current) setOpen(true)
  })

  // "… is a profile" is a confirmation, not something to keep on screen: a few seconds after the
  // page it led to has arrived (the clock restarts on the change of page).
  useEffect(() => {
    if (!note) return
    const timer = setTimeout(() => setNote(null), 6_000)
    return () => clearTimeout(timer)
  }, [note, pathname])

  function go(path: string, confirmation?: string) {
    lookup.current?.abort()
    setOutcome(null)
    setOpen(false)
    setValue('')
    setNote(confirmation ?? null)
    inputRef.current?.blur()
    router.push(path)
  }

  async function lookUpUuid(id: string) {
    lookup.current?.abort()
    const controller = new AbortController()
    lookup.current = controller
    setOutcome({ kind: 'looking', id })
    const probes = await resolveUuid(queryClient, id, controller.signal)
    if (controller.signal.aborted) return
    const found = probes.filter((probe) => probe.outcome === 'found')
    const [only] = found
    if (only && found.length === 1) {
      go(
        only.kind === 'profile' ? profilePath(id) : amlReportPath(id),
        `${id} is ${uuidKindNoun[only.kind]}`,
      )
      return
    }
    setOutcome({ kind: 'probed', id, probes })
  }

  function run(input: string) {
    const target = recognise(input)
    setOpen(true)
    setNote(null)
    const plan = submitted(input)
    if (plan.kind === 'open') return plan.path === homePath ? setOutcome(null) : go(plan.path)
    if (target.kind === 'uuid') return void lookUpUuid(target.id)
    if (target.kind === 'profile-link') {
      return setOutcome({ kind: 'profile-link', linkId: target.linkId })
    }
    // Names, other ids and bare short ids (which may as well be a surname): the server's search
    // page opens an exact id at once and lists the rest.
    if (plan.kind === 'search') go(searchPath(plan.query))
  }

  // A UUID submitted before the page had hydrated arrives as /?q= (lib/search/load.ts). The
  // address loses it first, so Back does not search again.
  const takeUpSubmitted = useEffectEvent(() => {
    const params = new URLSearchParams(window.location.search)
    const submitted = params.get('q')
    if (pathname !== '/' || submitted === null) return
    params.delete('q')
    const rest = params.toString()
    window.history.replaceState(null, '', rest ? `/?${rest}` : '/')
    setValue(submitted)
    inputRef.current?.focus()
    run(submitted)
  })
  // oxlint-disable-next-line react/set-state-in-effect -- the address is read once, after hydration: as initial state it would not match the server's HTML
  useEffect(() => takeUpSubmitted(), [])

  function submit(event?: FormEvent) {
    event?.preventDefault()
    run(value)
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    setValue(event.target.value)
    setOutcome(null)
    setOpen(true)
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      // A search field clears itself on Esc, which would reopen the panel; Esc only closes here.
      event.preventDefault()
      if (open) {
        setOpen(false)
        inputRef.current?.focus()
      } else {
        inputRef.current?.blur()
      }
      setNote(null)
      return
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      moveAmongOptions(event, inputRef.current, panelRef.current)
    }
  }

  // Focus moving between the input and the panel's options keeps the panel open; leaving both closes it.
  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false)
  }

  return {
    inputRef,
    panelRef,
    value,
    open,
    outcome,
    note,
    go,
    submit,
    retry: (id: string) => void lookUpUuid(id),
    onChange,
    onFocus: () => setOpen(true),
    onKeyDown,
    onBlur,
  }
}

/**
 * Arrow keys walk the panel's options (`data-search-option`) as one list with the input on top:
 * up from the first option returns to the input, down from the last stays there.
 */
function moveAmongOptions(
  event: KeyboardEvent,
  input: HTMLInputElement | null,
  panel: HTMLDivElement | null,
) {
  const options = [...(panel?.querySelectorAll<HTMLElement>('[data-search-option]') ?? [])]
  if (options.length === 0) return
  event.preventDefault()
  const current = options.indexOf(document.activeElement as HTMLElement)
  const next = event.key === 'ArrowDown' ? current + 1 : current - 1
  if (next < 0) input?.focus()
  else options[Math.min(next, options.length - 1)]?.focus()
}
