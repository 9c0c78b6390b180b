import { Field, FieldList } from '@/components/ui/field-list'
import { IdentityValue, type IdentityKind } from '@/components/ui/identity-value'
import { ExtraFields } from '@/components/verifications/extra-fields'
import type { PoiData } from '@/lib/upstream/schemas'
import { countryLabel } from '@/lib/util/countries'

type Row = { key: string; label: string; identity?: IdentityKind; country?: boolean }

// The reference's order; identity rows go through IdentityValue, which masks numbers and dates.
const ROWS: readonly Row[] = [
  { key: 'has_mrz', label: 'Has MRZ' },
  { key: 'raw_mrz_type', label: 'MRZ type' },
  { key: 'country', label: 'Issuing country', country: true },
  { key: 'full_name', label: 'Full name', identity: 'name' },
  { key: 'name', label: 'Given names', identity: 'name' },
  { key: 'surname', label: 'Surname', identity: 'name' },
  { key: 'document_number', label: 'Document number', identity: 'document_number' },
  { key: 'nationality', label: 'Nationality', country: true },
  { key: 'birth_date', label: 'Date of birth', identity: 'date_of_birth' },
  { key: 'sex', label: 'Sex' },
  { key: 'expiry_date', label: 'Expiry date' },
  { key: 'issue_date', label: 'Issue date' },
  { key: 'pin', label: 'Personal number', identity: 'personal_number' },
  { key: 'card_number', label: 'Card number', identity: 'document_number' },
  { key: 'license_number', label: 'Licence number', identity: 'document_number' },
  { key: 'license_type', label: 'Licence type' },
  { key: 'license_class', label: 'Licence class' },
  { key: 'cpf_number', label: 'CPF number', identity: 'personal_number' },
  { key: 'vin', label: 'VIN', identity: 'personal_number' },
  { key: 'nin', label: 'NIN', identity: 'personal_number' },
  { key: 'occupation', label: 'Occupation', identity: 'other' },
  { key: 'polling_unit', label: 'Polling unit', identity: 'other' },
  { key: 'region', label: 'Region', identity: 'address' },
  { key: 'restrictions', label: 'Restrictions' },
  { key: 'height', label: 'Height', identity: 'other' },
  { key: 'registration_date', label: 'Registration date' },
  { key: 'parents_names', label: 'Parents’ names', identity: 'name' },
  { key: 'endorsements', label: 'Endorsements' },
]

/** Proof-of-identity data read from the document: only the members the upstream sent. */
export function PoiFields({ poi }: { poi: PoiData }) {
  return (
    <FieldList>
      {ROWS.map(({ key, label, identity, country }) => {
        const value = textOf((poi as Record<string, unknown>)[key])
        if (value === null) return null
        return (
          <Field key={key} label={label}>
            {identity ? (
              <IdentityValue value={value} kind={identity} />
            ) : country ? (
              countryLabel(value)
            ) : (
              value
            )}
          </Field>
        )
      })}
      <ExtraFields value={poi} known={ROWS.map((row) => row.key)} />
    </FieldList>
  )
}

/** Scalars as text (booleans in words); empty and structured values are left to other rows. */
function textOf(value: unknown): string | null {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'string') return value === '' ? null : value
  if (typeof value === 'number') return String(value)
  return null
}
