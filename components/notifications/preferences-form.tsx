'use client'

import { useState, type FormEvent } from 'react'

import { Button } from '@/components/ui/button'
import { eventLabels, OWN_EVENTS, type OwnEventKind } from '@/lib/notifications/events'
import { apiPost, isApiError } from '@/lib/queries/api-fetch'

/** The analyst's choice of their own events by e-mail, saved on the server. */
export function PreferencesForm({ initial }: { initial: OwnEventKind[] }) {
  const [chosen, setChosen] = useState<OwnEventKind[]>(initial)
  const [pending, setPending] = useState(false)
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setPending(true)
    setSaid(null)
    try {
      const saved = await apiPost<{ emailEvents: OwnEventKind[] }>('/api/settings/notifications', {
        emailEvents: chosen,
      })
      setChosen(saved.emailEvents)
      setSaid({ ok: true, text: 'Saved.' })
    } catch (failure) {
      setSaid({
        ok: false,
        text: isApiError(failure) ? failure.detail : 'Not saved. Try again.',
      })
    } finally {
      setPending(false)
    }
  }

  const toggle = (kind: OwnEventKind, on: boolean) =>
    setChosen((now) => (on ? [...now, kind] : now.filter((one) => one !== kind)))

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">E-mail me when</legend>
        {OWN_EVENTS.map((kind) => (
          <label key={kind} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="emailEvents"
              value={kind}
              checked={chosen.includes(kind)}
              onChange={(event) => toggle(kind, event.currentTarget.checked)}
            />
            {eventLabels[kind]}
          </label>
        ))}
      </fieldset>
      <div className="flex items-center gap-3">
        <Button type="submit" variant="primary" size="md" disabled={pending}>
          Save
        </Button>
        {said && (
          <span
            role={said.ok ? 'status' : 'alert'}
            className={said.ok ? 'text-sm text-muted' : 'text-sm text-red-800 dark:text-red-300'}
          >
            {said.text}
          </span>
        )}
      </div>
    </form>
  )
}
