'use client'

import { createContext, useContext, type ReactNode } from 'react'

import type { AuditedResource } from '@/lib/audit/client'

const AuditResourceContext = createContext<AuditedResource | null>(null)

/** Names the record a page shows, once, so every reveal on it is audited against that record. */
export function AuditResourceProvider({
  resource,
  children,
}: {
  resource: AuditedResource
  children: ReactNode
}) {
  return <AuditResourceContext value={resource}>{children}</AuditResourceContext>
}

export function useAuditResource() {
  return useContext(AuditResourceContext)
}
