import type { ComponentProps } from 'react'

/** How a form field (Input, Select, Textarea) is drawn. */
export type FieldLook = {
  /** The page's darker fill (zinc-950 in the dark theme) instead of the surface's (zinc-900). */
  sunken?: boolean
  /** false: the caller sets the height, padding and text size in className. */
  padded?: boolean
}

/** The props of a field component: the element's own and how it is drawn. */
export type FieldProps<T extends 'input' | 'select' | 'textarea'> = ComponentProps<T> & FieldLook

/** A field's classes: the bordered box every form of the app draws, then the caller's own. */
export function fieldClass({ sunken = false, padded = true }: FieldLook, className?: string) {
  return [
    'rounded border border-control',
    sunken ? 'bg-sunken' : 'bg-surface',
    padded && 'px-2 py-1 text-sm',
    className,
  ]
    .filter(Boolean)
    .join(' ')
}
