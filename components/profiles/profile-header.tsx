import { ProfileBadges } from '@/components/profiles/profile-badges'
import { CopyableId } from '@/components/ui/copyable-id'
import type { Profile } from '@/lib/upstream/schemas'

export function ProfileHeader({ profile }: { profile: Profile }) {
  return (
    <header className="space-y-1">
      <p className="text-xs font-medium tracking-wide text-faint uppercase">Verification profile</p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="text-lg font-semibold break-words">
          {profile.name || <span className="text-faint italic">Unnamed profile</span>}
        </h1>
        <ProfileBadges isDefault={profile.is_default} isArchived={profile.is_archived} />
      </div>
      <CopyableId value={profile.profile_id} label="profile id" />
    </header>
  )
}
