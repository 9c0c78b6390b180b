import type { ComponentProps } from 'react'

// The looks the app's buttons repeated before they had one home; a size is optional so that a
// button that keeps its own height or padding passes it in className.
const variants = {
  primary:
    'rounded bg-zinc-900 font-medium text-white hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300',
  secondary: 'rounded border border-control bg-surface font-medium hover:bg-subtle',
  outline: 'rounded border border-control font-medium',
  danger:
    'rounded border border-red-300 bg-white font-medium text-red-900 hover:bg-red-100 dark:border-red-800 dark:bg-red-950 dark:text-red-100 dark:hover:bg-red-900',
  accent:
    'rounded bg-blue-700 font-medium text-white hover:bg-blue-800 dark:bg-blue-600 dark:hover:bg-blue-500',
  ghost: 'rounded text-muted hover:bg-subtle hover:text-zinc-900 dark:hover:text-zinc-100',
  link: 'font-medium text-link hover:underline',
}

const sizes = {
  xs: 'px-2 py-0.5 text-xs',
  sm: 'px-2.5 py-1 text-xs',
  md: 'px-3 py-1 text-sm',
}

export type ButtonVariant = keyof typeof variants
export type ButtonSize = keyof typeof sizes

/** A button's classes, for a link that looks like one. */
export function buttonClass(variant: ButtonVariant, size?: ButtonSize, className?: string) {
  return [variants[variant], size && sizes[size], 'disabled:opacity-50', className]
    .filter(Boolean)
    .join(' ')
}

/**
 * A button, `type="button"` unless told otherwise so that one inside a form never submits it by
 * accident. Without a variant it adds no look: the caller's className is the whole of it.
 */
export function Button({
  variant,
  size,
  className,
  type = 'button',
  ...props
}: ComponentProps<'button'> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return (
    <button
      type={type}
      className={variant ? buttonClass(variant, size, className) : className}
      {...props}
    />
  )
}
