import { ExternalLink } from '@/components/aml/detail-section'
import { Field, FieldList } from '@/components/ui/field-list'
import { IdentityValue, IdentityValueList } from '@/components/ui/identity-value'
import { formatPlace } from '@/lib/aml/format'
import type { AmlMatchFields } from '@/lib/upstream/schemas'
import { countryLabel } from '@/lib/util/countries'

/** Addresses, contact details and registration numbers. */
export function ContactFacts({ fields }: { fields: AmlMatchFields }) {
  const addresses = (fields.addresses ?? []).map(formatPlace).filter(Boolean)
  const contacts = fields.contact_info ?? []
  const emails = contacts.flatMap((c) => c.emails ?? [])
  const phones = contacts.flatMap((c) => c.phones ?? [])
  const websites = contacts.flatMap((c) => c.websites ?? [])
  const ids = fields.registration_ids ?? []
  if (addresses.length + emails.length + phones.length + websites.length + ids.length === 0)
    return null
  return (
    <FieldList>
      {addresses.length > 0 && (
        <Field label="Address">
          <ul>
            {addresses.map((address, index) => (
              <li key={index}>
                <IdentityValue value={address} kind="address" />
              </li>
            ))}
          </ul>
        </Field>
      )}
      {emails.length > 0 && (
        <Field label="Email">
          <IdentityValueList values={emails} kind="email" />
        </Field>
      )}
      {phones.length > 0 && (
        <Field label="Phone">
          <IdentityValueList values={phones} kind="phone" />
        </Field>
      )}
      {websites.length > 0 && (
        <Field label="Website">
          <ul>
            {websites.map((site, index) => (
              <li key={index}>
                <ExternalLink href={site}>{site}</ExternalLink>
              </li>
            ))}
          </ul>
        </Field>
      )}
      {ids.map((id, index) => (
        <Field key={index} label={id.id_type ? `ID (${id.id_type})` : 'Registration ID'}>
          <IdentityValue value={id.id} kind="document_number" />
          <span className="ml-2 text-xs text-muted">
            {[
              id.country && countryLabel(id.country),
              id.industry,
              id.imo_number && `IMO ${id.imo_number}`,
              id.mmsi_number && `MMSI ${id.mmsi_number}`,
              id.currency,
              id.date && `dated ${id.date}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </Field>
      ))}
    </FieldList>
  )
}
