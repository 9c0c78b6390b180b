import { Field } from '@/components/ui/field-list'
import { IdentityValue } from '@/components/ui/identity-value'
import { JsonViewer } from '@/components/ui/json-viewer'

/**
 * Members of an upstream object that Verity has no label for, rendered inside a FieldList. They
 * may hold personal data, so text goes through IdentityValue.
 */
export function ExtraFields({ value, known }: { value: object; known: readonly string[] }) {
  const extras = Object.entries(value as Record<string, unknown>).filter(
    ([key, item]) => !known.includes(key) && item !== null && item !== undefined && item !== '',
  )
  return extras.map(([key, item]) => (
    <Field key={key} label={<code className="font-mono text-xs">{key}</code>}>
      {typeof item === 'object' ? (
        <JsonViewer value={item} label={key} defaultDepth={1} />
      ) : (
        <IdentityValue value={String(item as string | number | boolean)} kind="other" />
      )}
    </Field>
  ))
}
