'use client'

import type { ReactNode } from 'react'

import { ProfileRow } from '@/components/profiles/profile-row'
import { useListNavigation } from '@/lib/keyboard/use-list-navigation'
import type { ProfileSummary } from '@/lib/profiles/summary'

const head = 'px-3 py-1.5 text-left text-xs font-medium text-faint'

/** One page of profiles, one dense row each; `busy` dims it while the next page loads. */
export function ProfileTable({
  profiles,
  busy = false,
}: {
  profiles: readonly ProfileSummary[]
  busy?: boolean
}) {
  // j/k move between rows, Enter opens the focused one.
  const listRef = useListNavigation<HTMLDivElement>()
  return (
    <div ref={listRef}>
      <TableFrame busy={busy}>
        {profiles.map((profile, index) => (
          <ProfileRow key={profile.profile_id} profile={profile} navIndex={index} />
        ))}
      </TableFrame>
    </div>
  )
}

export function TableFrame({ busy = false, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-md border border-line bg-sunken">
      <table
        aria-busy={busy}
        className={`w-full text-sm transition-opacity ${busy ? 'opacity-60' : ''}`}
      >
        <thead className="border-b border-line bg-zinc-50 dark:bg-zinc-900">
          <tr>
            <th scope="col" className={head}>
              Name
            </th>
            <th scope="col" className={`${head} text-center`} title="Proof of identity required">
              POI
            </th>
            <th scope="col" className={`${head} text-center`} title="Face comparison required">
              Face
            </th>
            <th scope="col" className={`${head} text-center`} title="Proof of address required">
              POA
            </th>
            <th scope="col" className={head}>
              Countries
            </th>
            <th scope="col" className={head}>
              Documents
            </th>
            <th scope="col" className={head} title="How long the verification link stays valid">
              Link expiry
            </th>
            <th scope="col" className={head}>
              Created
            </th>
            <th scope="col" className={head}>
              Updated
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-hairline">{children}</tbody>
      </table>
    </div>
  )
}
