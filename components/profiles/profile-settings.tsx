import { ArchivedBanner } from '@/components/profiles/archived-banner'
import { FinishScreenSection } from '@/components/profiles/finish-screen-section'
import { ManualFieldsSection } from '@/components/profiles/manual-fields-section'
import { ProfileChecksCard } from '@/components/profiles/profile-checks-card'
import { ProfileCountriesCard } from '@/components/profiles/profile-countries-card'
import { ProfileHeader } from '@/components/profiles/profile-header'
import { OtherFieldsCard, UiSettingsCard } from '@/components/profiles/profile-json-cards'
import { ProfileLinkCard } from '@/components/profiles/profile-link-card'
import { ProfileOverviewCard } from '@/components/profiles/profile-overview-card'
import { ProfileRulesCard } from '@/components/profiles/profile-rules-card'
import { Card } from '@/components/ui/card'
import { otherProfileFields, profileLink } from '@/lib/profiles/other-fields'
import type { Profile } from '@/lib/upstream/schemas'

/** Everything the reference says about a profile, readable, and whatever else the upstream sent. */
export function ProfileSettings({ profile }: { profile: Profile }) {
  const settings = profile.settings
  const link = profileLink(profile)
  return (
    <div className="space-y-4">
      <ProfileHeader profile={profile} />
      {profile.is_archived && <ArchivedBanner archivedAt={link?.archived_at} />}
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
        <ProfileOverviewCard profile={profile} />
        <div className="space-y-4">
          <ProfileChecksCard settings={settings} />
          <ProfileRulesCard settings={settings} />
        </div>
      </div>
      <ProfileCountriesCard codes={settings?.countries} />
      <Card title="Manual fields" id="manual-fields">
        <ManualFieldsSection settings={settings?.manual_field_settings} />
      </Card>
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
        <Card title="Finish screen" id="finish-screen">
          <FinishScreenSection settings={settings?.finish_screen_settings} />
        </Card>
        <ProfileLinkCard link={link} settings={settings} />
      </div>
      <UiSettingsCard value={settings?.ui_settings} />
      <OtherFieldsCard fields={otherProfileFields(profile)} />
    </div>
  )
}
