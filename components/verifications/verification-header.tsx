import 'server-only'

import type { ReactNode } from 'react'

import { EvidencePackButton } from '@/components/evidence/evidence-pack-button'
import { Badge } from '@/components/ui/badge'
import { CopyButton } from '@/components/ui/copy-button'
import { CopyableId } from '@/components/ui/copyable-id'
import { IntentLink } from '@/components/ui/intent-link'
import { NoValue } from '@/components/ui/no-value'
import { Timestamp } from '@/components/ui/timestamp'
import { ExpiryCountdown } from '@/components/verifications/expiry-countdown'
import { ProfileLink } from '@/components/verifications/profile-link'
import { StatusBadge } from '@/components/verifications/status-badge'
import { applicantPath } from '@/lib/routes'
import type { Verification } from '@/lib/upstream/schemas'
import type { InOrLater } from '@/lib/util/settled'
import { verificationStatusLook } from '@/lib/verifications/status'

export function VerificationHeader({
  verification: v,
  profileName,
  inCase = false,
}: {
  verification: Verification
  /** The profile's name; null when its id cannot be read. */
  profileName: InOrLater<string | null> | null
  /** On its case's page, which has the case's title and evidence pack. */
  inCase?: boolean
}) {
  const shortId = v.verification_url_id ?? ''
  const Heading = inCase ? 'h2' : 'h1'
  return (
    <header className="space-y-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Heading className="flex items-center gap-1 text-lg font-semibold">
          <span className="text-faint">Verification</span>
          <code className="font-mono">{shortId || v.id}</code>
        </Heading>
        {shortId && <CopyButton value={shortId} label="short id" />}
        <StatusBadge status={v.status} />
        {v.is_sandbox && (
          <Badge tone="violet" title="Created in the sandbox environment: not a real applicant">
            Sandbox
          </Badge>
        )}
        <span className="text-xs text-faint">{verificationStatusLook(v.status).hint}</span>
        {shortId && !inCase && (
          <div className="ml-auto">
            <EvidencePackButton type="verification" id={shortId} />
          </div>
        )}
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-md border border-line bg-surface px-4 py-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Fact label="Verification URL" wide>
          {v.verification_url ? (
            <CopyableId value={v.verification_url} label="verification URL" />
          ) : (
            <NoValue />
          )}
        </Fact>
        <Fact label="Applicant">
          {v.applicant_id ? (
            <span className="flex flex-wrap items-baseline gap-x-2">
              <CopyableId value={v.applicant_id} label="applicant id" short />
              <IntentLink
                href={applicantPath(v.applicant_id)}
                className="text-xs text-link hover:underline"
              >
                All events
              </IntentLink>
            </span>
          ) : (
            <NoValue />
          )}
        </Fact>
        <Fact label="Profile">
          <ProfileLink profileId={v.profile_id} name={profileName} />
        </Fact>
        <Fact label="Created">
          <Timestamp value={v.created_at} mode="absolute" />
        </Fact>
        <Fact label="Expires">
          <span className="flex flex-wrap items-baseline gap-x-2">
            <Timestamp value={v.expires_at} mode="absolute" />
            <ExpiryCountdown expiresAt={v.expires_at} status={v.status} />
          </span>
        </Fact>
        <Fact label="Completed">
          {v.completed_at ? (
            <Timestamp value={v.completed_at} mode="absolute" />
          ) : (
            <NoValue>not completed</NoValue>
          )}
        </Fact>
        <Fact label="Verification id">
          <CopyableId value={v.id} label="verification id" short />
        </Fact>
      </dl>
    </header>
  )
}

function Fact({
  label,
  wide = false,
  children,
}: {
  label: string
  wide?: boolean
  children: ReactNode
}) {
  return (
    <div className={`min-w-0 ${wide ? 'sm:col-span-2' : ''}`}>
      <dt className="text-xs text-faint">{label}</dt>
      <dd className="flex min-w-0">{children}</dd>
    </div>
  )
}
