import { fieldClass, type FieldProps } from '@/components/ui/field'

/** A <input> drawn as the app's fields are; every other prop goes to the element. */
export function Input({ sunken, padded, className, ...props }: FieldProps<'input'>) {
  return <input className={fieldClass({ sunken, padded }, className)} {...props} />
}
