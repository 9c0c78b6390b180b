import type { ComponentProps } from 'react'

import { fieldClass, type FieldLook } from '@/components/ui/field'

/** A <input> drawn as the app's fields are; every other prop goes to the element. */
export function Input({
  sunken,
  padded,
  className,
  ...props
}: ComponentProps<'input'> & FieldLook) {
  return <input className={fieldClass({ sunken, padded }, className)} {...props} />
}
