import type { ComponentProps } from 'react'

import { fieldClass, type FieldLook } from '@/components/ui/field'

/** A <textarea> drawn as the app's fields are; every other prop goes to the element. */
export function Textarea({
  sunken,
  padded,
  className,
  ...props
}: ComponentProps<'textarea'> & FieldLook) {
  return <textarea className={fieldClass({ sunken, padded }, className)} {...props} />
}
