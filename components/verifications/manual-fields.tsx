import { Field, FieldList } from '@/components/ui/field-list'
import { IdentityValue, type IdentityKind } from '@/components/ui/identity-value'
import { ExtraFields } from '@/components/verifications/extra-fields'
import type { CustomField, ManualFields as ManualFieldsData } from '@/lib/upstream/schemas'
import { countryLabel } from '@/lib/util/countries'

type Row = { key: string; label: string; identity?: IdentityKind }

const ROWS: readonly Row[] = [
  { key: 'full_name', label: 'Full name', identity: 'name' },
  { key: 'email', label: 'Email', identity: 'email' },
  { key: 'phone', label: 'Phone', identity: 'phone' },
  { key: 'country', label: 'Country' },
  { key: 'dob', label: 'Date of birth', identity: 'date_of_birth' },
  { key: 'citizenship', label: 'Citizenship' },
  { key: 'address', label: 'Address', identity: 'address' },
]

/** What the applicant typed in, including the profile's custom fields (labelled by their caption). */
export function ManualFields({
  fields,
  customFieldSettings,
}: {
  fields: ManualFieldsData
  customFieldSettings: readonly CustomField[]
}) {
  const custom = Object.entries(fields.custom_fields ?? {})
  return (
    <FieldList>
      {ROWS.map(({ key, label, identity }) => {
        const value = (fields as Record<string, unknown>)[key]
        if (typeof value !== 'string' || value === '') return null
        return (
          <Field key={key} label={label}>
            {identity ? <IdentityValue value={value} kind={identity} /> : countryLabel(value)}
          </Field>
        )
      })}
      {custom.map(([label, value]) => (
        <Field
          key={`custom-${label}`}
          label={<CustomLabel label={label} settings={customFieldSettings} />}
        >
          <IdentityValue value={customText(value)} kind="other" />
        </Field>
      ))}
      <ExtraFields value={fields} known={[...ROWS.map((row) => row.key), 'custom_fields']} />
    </FieldList>
  )
}

export function CustomLabel({
  label,
  settings,
}: {
  label: string
  settings: readonly CustomField[]
}) {
  const caption = settings.find((field) => field.label === label)?.caption
  return (
    <span title={`Custom field ${label}`}>
      {caption ?? <code className="font-mono text-xs">{label}</code>}
    </span>
  )
}

/** A custom field's value: choices and free text are strings, a checkbox may be a boolean, a list an array. */
function customText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'string' || typeof value === 'number') return String(value)
  return JSON.stringify(value)
}
