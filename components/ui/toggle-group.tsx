import type { ReactNode } from 'react'

import { Button } from '@/components/ui/button'

export type ToggleOption<T extends string> = {
  value: T
  content: ReactNode
  title: string
  /** The button's name when its content is an icon. */
  label?: string
}

/** A small group of pressed/unpressed buttons for one setting of the shell (theme, clock). */
export function ToggleGroup<T extends string>({
  label,
  options,
  value,
  onChange,
  buttonClassName,
}: {
  label: string
  options: readonly ToggleOption<T>[]
  /** Null until the browser's choice is known (server render and hydration): none pressed. */
  value: T | null
  onChange: (value: T) => void
  buttonClassName: string
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex rounded border border-control p-0.5"
    >
      {options.map((option) => (
        <Button
          key={option.value}
          aria-pressed={value === option.value}
          aria-label={option.label}
          title={option.title}
          onClick={() => onChange(option.value)}
          className={`rounded-sm text-muted hover:bg-subtle hover:text-zinc-900 aria-pressed:bg-zinc-200 aria-pressed:text-zinc-900 dark:hover:text-zinc-100 dark:aria-pressed:bg-zinc-700 dark:aria-pressed:text-zinc-50 ${buttonClassName}`}
        >
          {option.content}
        </Button>
      ))}
    </div>
  )
}
