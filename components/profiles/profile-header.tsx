import { ProfileBadges } from '@/components/profiles/profile-badges'
import { CopyableId } from '@/components/ui/copyable-id'
import type { Profile } from '@/lib/upstream/schemas'

export function ProfileHeader({ profile }: { profile: Profile }) {
  return (
    <header className="space-y-1">
      <p className="text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
        Verification profile
      </p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="text-lg font-semibold break-words">
          {profile.name || (
            <span className="text-zinc-500 italic dark:text-zinc-400">Unnamed profile</span>
          )}
        </h1>
        <ProfileBadges isDefault={profile.is_default} isArchived={profile.is_archived} />
      </div>
      <CopyableId value={profile.profile_id} label="profile id" />
    </header>
  )
}
