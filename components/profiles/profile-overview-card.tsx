import { OnOff } from '@/components/profiles/on-off'
import { Card } from '@/components/ui/card'
import { CopyableId } from '@/components/ui/copyable-id'
import { Field, FieldList } from '@/components/ui/field-list'
import { IdentityValue } from '@/components/ui/identity-value'
import { NoValue } from '@/components/ui/no-value'
import { Timestamp } from '@/components/ui/timestamp'
import type { Profile } from '@/lib/upstream/schemas'

const none = <NoValue />

export function ProfileOverviewCard({ profile }: { profile: Profile }) {
  const createdBy = profile.created_by
  return (
    <Card title="Overview" id="overview">
      <FieldList>
        <Field label="Description">
          {profile.description ? (
            <span className="whitespace-pre-line">{profile.description}</span>
          ) : (
            none
          )}
        </Field>
        <Field label="Organization">
          {profile.organization_id ? (
            <CopyableId value={profile.organization_id} label="organization id" />
          ) : (
            none
          )}
        </Field>
        <Field label="Created by">
          <IdentityValue value={createdBy} kind={createdBy?.includes('@') ? 'email' : 'other'} />
        </Field>
        <Field label="Created">
          <Timestamp value={profile.created_at} mode="absolute" />
        </Field>
        <Field label="Updated">
          <Timestamp value={profile.updated_at} mode="absolute" />
        </Field>
        <Field label="Default profile">
          <OnOff value={profile.is_default} />
        </Field>
        <Field label="Archived">
          <OnOff value={profile.is_archived} />
        </Field>
      </FieldList>
    </Card>
  )
}
