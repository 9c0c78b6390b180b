import { DateRangeValue } from '@/components/ui/date-range-value'
import { Field, FieldList } from '@/components/ui/field-list'
import { IdentityValueList } from '@/components/ui/identity-value'
import { formatDateRange, formatPlace } from '@/lib/aml/format'
import type { AmlMatchFields } from '@/lib/upstream/schemas'
import { countryLabel } from '@/lib/util/countries'

/** Dates and places of birth and death, genders, citizenships and nationalities: the rows present. */
export function PersonalFacts({ fields }: { fields: AmlMatchFields }) {
  const births = (fields.dates_of_birth ?? []).filter((range) => range.gte || range.lte)
  const deaths = (fields.dates_of_death ?? [])
    .map(formatDateRange)
    .filter((v): v is string => v !== null)
  const birthPlaces = (fields.places_of_birth ?? []).map(formatPlace).filter(Boolean)
  const deathPlaces = (fields.places_of_death ?? []).map(formatPlace).filter(Boolean)
  const genders = (fields.genders ?? []).map((g) => (typeof g === 'string' ? g : JSON.stringify(g)))
  const citizenships = (fields.citizenships ?? []).map(countryLabel)
  const nationalities = (fields.nationalities ?? []).map(countryLabel)
  if (
    ![births, deaths, birthPlaces, deathPlaces, genders, citizenships, nationalities].some(
      (list) => list.length > 0,
    )
  )
    return null
  return (
    <FieldList>
      {births.length > 0 && (
        <Field label="Date of birth">
          <ul>
            {births.map((range, index) => (
              <li key={index}>
                <DateRangeValue from={range.gte} to={range.lte} />
              </li>
            ))}
          </ul>
        </Field>
      )}
      {birthPlaces.length > 0 && (
        <Field label="Place of birth">
          <IdentityValueList values={birthPlaces} kind="address" />
        </Field>
      )}
      {deaths.length > 0 && <Field label="Date of death">{deaths.join('; ')}</Field>}
      {deathPlaces.length > 0 && (
        <Field label="Place of death">
          <IdentityValueList values={deathPlaces} kind="address" />
        </Field>
      )}
      {genders.length > 0 && <Field label="Gender">{genders.join(', ')}</Field>}
      {citizenships.length > 0 && <Field label="Citizenship">{citizenships.join(', ')}</Field>}
      {nationalities.length > 0 && <Field label="Nationality">{nationalities.join(', ')}</Field>}
    </FieldList>
  )
}
