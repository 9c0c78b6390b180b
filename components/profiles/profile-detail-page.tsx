import { ProfileSettings } from '@/components/profiles/profile-settings'
import { RememberRecent } from '@/components/shell/remember-recent'
import { IntentLink } from '@/components/ui/intent-link'
import { ReadFailure } from '@/components/ui/read-failure'
import { profilePath, profilesPath } from '@/lib/routes'
import type { UpstreamErrorKind } from '@/lib/upstream/errors'
import type { Profile } from '@/lib/upstream/schemas'

type Load = { ok: true; data: Profile } | { ok: false; kind: UpstreamErrorKind }

/** A profile's page, rendered on the server: its settings, or why it could not be read. */
export function ProfileDetailPage({ profileId, load }: { profileId: string; load: Load }) {
  return (
    <div className="space-y-3">
      <IntentLink href={profilesPath} className="text-sm text-link hover:underline">
        ← Profiles
      </IntentLink>
      {load.ok ? (
        <>
          <RememberRecent kind="profile" id={profileId.toLowerCase()} />
          <ProfileSettings profile={load.data} />
        </>
      ) : (
        <ReadFailure kind={load.kind} what="this profile" retryHref={profilePath(profileId)} />
      )}
    </div>
  )
}
