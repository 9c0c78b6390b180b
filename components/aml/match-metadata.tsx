import { CopyableId } from '@/components/ui/copyable-id'
import { Field, FieldList } from '@/components/ui/field-list'
import type { Projected } from '@/lib/projection/projected'
import type { AmlMatch } from '@/lib/upstream/schemas'

const levels = [
  ['name_match_level', 'Name match'],
  ['date_of_birth_matched', 'Date of birth match'],
  ['country_matched', 'Country match'],
  ['gender_matched', 'Gender match'],
] as const

/** How the upstream matched this record, and the ids an analyst quotes to its support. */
export function MatchMetadata({ match }: { match: Projected<AmlMatch> }) {
  const meta = match.search_metadata
  const profile = meta?.risk_profile_info
  return (
    <FieldList>
      <Field label="Match id">
        <CopyableId value={match.uuid} label="match id" />
      </Field>
      {levels.map(([key, label]) =>
        meta?.[key] ? (
          <Field key={key} label={label}>
            {meta[key].replaceAll('_', ' ').toLowerCase()}
          </Field>
        ) : null,
      )}
      {profile && (profile.name || profile.id) && (
        <Field label="Risk profile">
          {[
            profile.name || profile.id,
            typeof profile.version === 'number' && `version ${profile.version}`,
          ]
            .filter(Boolean)
            .join(', ')}
        </Field>
      )}
    </FieldList>
  )
}
