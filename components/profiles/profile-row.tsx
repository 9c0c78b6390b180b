import { CheckMark } from '@/components/profiles/check-mark'
import { CountrySummary } from '@/components/profiles/country-summary'
import { ProfileBadges } from '@/components/profiles/profile-badges'
import { IntentLink } from '@/components/ui/intent-link'
import { NoValue } from '@/components/ui/no-value'
import { Timestamp } from '@/components/ui/timestamp'
import { PROFILE_CHECKS } from '@/lib/profiles/checks'
import type { ProfileSummary } from '@/lib/profiles/summary'
import { profilePath } from '@/lib/routes'
import { formatMinutes } from '@/lib/util/time'

const cell = 'px-3 py-1.5 align-top'

export function ProfileRow({ profile, navIndex }: { profile: ProfileSummary; navIndex?: number }) {
  const archived = profile.is_archived
  const { documents, link_expiration_minutes: expiry } = profile
  return (
    <tr
      data-nav-item={navIndex}
      className={`focus-visible:-outline-offset-2 ${
        archived
          ? 'bg-zinc-50 text-faint dark:bg-zinc-900/60'
          : 'hover:bg-zinc-50 dark:hover:bg-zinc-900'
      }`}
    >
      <td className={`${cell} max-w-72`}>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          <IntentLink
            href={profilePath(profile.profile_id)}
            className={`font-medium break-words hover:underline ${archived ? 'text-muted' : 'text-link'}`}
          >
            {profile.name || <span className="italic">Unnamed profile</span>}
          </IntentLink>
          <ProfileBadges isDefault={profile.is_default} isArchived={profile.is_archived} />
        </div>
      </td>
      {PROFILE_CHECKS.map((check) => (
        <td key={check.key} className={`${cell} text-center`}>
          <CheckMark required={profile.required[check.key]} name={check.name} />
        </td>
      ))}
      <td className={cell}>
        <CountrySummary codes={profile.countries} />
      </td>
      <td className={`${cell} min-w-40 text-xs leading-5`}>
        {documents.length > 0 ? documents.join(', ') : <NoValue />}
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        {expiry === null ? <NoValue /> : formatMinutes(expiry)}
      </td>
      <td className={cell}>
        <Timestamp value={profile.created_at} />
      </td>
      <td className={cell}>
        <Timestamp value={profile.updated_at} />
      </td>
    </tr>
  )
}
