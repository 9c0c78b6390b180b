import type { ComponentProps } from 'react'

import { fieldClass, type FieldLook } from '@/components/ui/field'

/** A <select> drawn as the app's fields are; every other prop goes to the element. */
export function Select({
  sunken,
  padded,
  className,
  ...props
}: ComponentProps<'select'> & FieldLook) {
  return <select className={fieldClass({ sunken, padded }, className)} {...props} />
}
