import type { ReactNode, Ref } from 'react'

import { Textarea } from '@/components/ui/textarea'

/**
 * A form's reason: its label, its field, and the error of a refused try, which the field names as
 * its description. Read through `fieldRef` when the form is sent.
 */
export function ReasonField({
  id,
  label,
  fieldRef,
  maxLength,
  error,
}: {
  /** The form's id (useId): the field is `${id}-reason`, the error `${id}-error`. */
  id: string
  label: ReactNode
  fieldRef: Ref<HTMLTextAreaElement>
  maxLength: number
  error: string | null
}) {
  return (
    <>
      <label htmlFor={`${id}-reason`} className="font-medium">
        {label}
      </label>
      <Textarea
        ref={fieldRef}
        id={`${id}-reason`}
        rows={2}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        sunken
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </>
  )
}
