import { ExternalLink } from '@/components/profiles/external-link'
import { LinkOverrideSection } from '@/components/profiles/link-override-section'
import { Card } from '@/components/ui/card'
import { CopyableId } from '@/components/ui/copyable-id'
import { Field, FieldList } from '@/components/ui/field-list'
import { NoValue } from '@/components/ui/no-value'
import { Timestamp } from '@/components/ui/timestamp'
import { finishScreenOverride, manualFieldsOverride } from '@/lib/profiles/link-overrides'
import type { ProfileLink, ProfileSettings } from '@/lib/upstream/schemas'
import { formatMinutes } from '@/lib/util/time'

/** The profile's verification link and the settings it keeps apart from the profile's. */
export function ProfileLinkCard({
  link,
  settings,
}: {
  link: ProfileLink | null
  settings: ProfileSettings | null | undefined
}) {
  if (!link) {
    return (
      <Card title="Verification link" id="link">
        <p className="text-faint">This profile has no verification link.</p>
      </Card>
    )
  }
  const expiry = link.expiration_minutes
  const linkId = link.link_id === null || link.link_id === undefined ? null : String(link.link_id)
  return (
    <Card title="Verification link" id="link">
      <div className="space-y-4">
        <FieldList>
          <Field label="Web link">
            <ExternalLink url={link.web_link} label="web link" />
          </Field>
          <Field label="Messenger link">
            <ExternalLink url={link.chat_link} label="messenger link" />
          </Field>
          <Field label="Link id">
            {linkId ? <CopyableId value={linkId} label="link id" /> : '—'}
          </Field>
          <Field label="Expires after">
            {typeof expiry === 'number' ? (
              <span title={`${expiry} minutes`}>{formatMinutes(expiry)}</span>
            ) : (
              <NoValue />
            )}
          </Field>
          <Field label="Created">
            <Timestamp value={link.created_at} mode="absolute" />
          </Field>
          <Field label="Archived">
            {link.archived_at ? <Timestamp value={link.archived_at} mode="absolute" /> : 'No'}
          </Field>
        </FieldList>
        <LinkOverrideSection
          kind="manual"
          title="Manual fields on the link"
          settings={link.manual_field_settings}
          override={manualFieldsOverride(
            settings?.manual_field_settings,
            link.manual_field_settings,
          )}
        />
        <LinkOverrideSection
          kind="finish"
          title="Finish screen on the link"
          settings={link.finish_screen_settings}
          override={finishScreenOverride(
            settings?.finish_screen_settings,
            link.finish_screen_settings,
          )}
        />
      </div>
    </Card>
  )
}
