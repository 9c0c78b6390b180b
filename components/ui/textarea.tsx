import { fieldClass, type FieldProps } from '@/components/ui/field'

/** A <textarea> drawn as the app's fields are; every other prop goes to the element. */
export function Textarea({ sunken, padded, className, ...props }: FieldProps<'textarea'>) {
  return <textarea className={fieldClass({ sunken, padded }, className)} {...props} />
}
