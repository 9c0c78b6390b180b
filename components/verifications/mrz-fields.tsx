import { Field, FieldList } from '@/components/ui/field-list'
import { IdentityValue } from '@/components/ui/identity-value'
import { ExtraFields } from '@/components/verifications/extra-fields'
import { MrzDateValue } from '@/components/verifications/mrz-date-value'
import type { MrzData } from '@/lib/upstream/schemas'
import { countryLabel } from '@/lib/util/countries'

const MRZ_KEYS = [
  'document_type',
  'country',
  'surname',
  'name',
  'doc_number',
  'nationality',
  'birth_date',
  'sex',
  'expiry_date',
]

/** The document_mrz check's data: what the machine-readable zone of the document says. */
export function MrzFields({ mrz, reference }: { mrz: MrzData; reference: Date | null }) {
  return (
    <FieldList>
      {mrz.document_type && <Field label="Document type">{mrz.document_type}</Field>}
      {mrz.country && <Field label="Issuing country">{countryLabel(mrz.country)}</Field>}
      {mrz.surname && (
        <Field label="Surname">
          <IdentityValue value={mrz.surname} kind="name" />
        </Field>
      )}
      {mrz.name && (
        <Field label="Given names">
          <IdentityValue value={mrz.name} kind="name" />
        </Field>
      )}
      {mrz.doc_number && (
        <Field label="Document number">
          <span className="font-mono">
            <IdentityValue value={mrz.doc_number} kind="document_number" />
          </span>
        </Field>
      )}
      {mrz.nationality && <Field label="Nationality">{countryLabel(mrz.nationality)}</Field>}
      {mrz.birth_date && (
        <Field label="Date of birth">
          <MrzDateValue value={mrz.birth_date} kind="birth" reference={reference} />
        </Field>
      )}
      {mrz.sex && <Field label="Sex">{mrz.sex}</Field>}
      {mrz.expiry_date && (
        <Field label="Expiry date">
          <MrzDateValue value={mrz.expiry_date} kind="expiry" reference={reference} />
        </Field>
      )}
      <ExtraFields value={mrz} known={MRZ_KEYS} />
    </FieldList>
  )
}
