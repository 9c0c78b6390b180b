import { fieldClass, type FieldProps } from '@/components/ui/field'

/** A <select> drawn as the app's fields are; every other prop goes to the element. */
export function Select({ sunken, padded, className, ...props }: FieldProps<'select'>) {
  return <select className={fieldClass({ sunken, padded }, className)} {...props} />
}
