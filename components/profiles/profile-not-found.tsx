import { IntentLink } from '@/components/ui/intent-link'
import { profilesPath } from '@/lib/routes'

export function ProfileNotFound() {
  return (
    <div className="max-w-xl space-y-2">
      <h1 className="text-lg font-semibold">Profile not found</h1>
      <p className="text-sm text-muted">
        There is no verification profile with this id. Profile ids are UUIDs such as
        <code className="mx-1 font-mono text-xs">6b1df7cd-fb3c-4b10-83fe-09a9531e66e3</code>.
      </p>
      <IntentLink href={profilesPath} className="text-sm text-link hover:underline">
        Back to the profiles
      </IntentLink>
    </div>
  )
}
