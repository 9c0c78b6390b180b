'use client'

import { createContext, useContext, type ReactNode } from 'react'

// Masked unless the server says otherwise (PII_MASKING=off), so a missing provider fails safe.
const MaskingContext = createContext(true)

export function MaskingProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  return <MaskingContext value={enabled}>{children}</MaskingContext>
}

export function useMasking() {
  return useContext(MaskingContext)
}
