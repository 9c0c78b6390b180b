import type { ReactNode } from 'react'

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
      className="inline-flex rounded border border-zinc-300 p-0.5 dark:border-zinc-700"
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          aria-label={option.label}
          title={option.title}
          onClick={() => onChange(option.value)}
          className={`rounded-sm text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 aria-pressed:bg-zinc-200 aria-pressed:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100 dark:aria-pressed:bg-zinc-700 dark:aria-pressed:text-zinc-50 ${buttonClassName}`}
        >
          {option.content}
        </button>
      ))}
    </div>
  )
}
