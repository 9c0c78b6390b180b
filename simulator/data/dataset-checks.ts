import type { Check, CheckError, MrzData, ProfileSettings } from '@/lib/upstream/schemas'
import type { VerificationStatus } from '@/lib/verifications/lifecycle'

import type { Rng } from './random'

type CheckName = 'document_mrz' | 'face_comparison' | 'poa' | 'liveness'

/** Realistic errors per check, from the provider's documented code ranges. */
const ERRORS: Record<CheckName, readonly CheckError[]> = {
  document_mrz: [
    { code: 500, message: 'Tampered file found. Please try another one.' },
    { code: 1001, message: 'document parsing failed' },
    { code: 1102, message: 'document number is not readable' },
    { code: 2001, message: 'MRZ checksum mismatch' },
    { code: 2003, message: 'MRZ not found on the document' },
    { code: 3001, message: 'document expired' },
    { code: 3101, message: 'name mismatch between MRZ and visual zone' },
    { code: 3102, message: 'date of birth mismatch between MRZ and visual zone' },
    { code: 3201, message: 'applicant is under the minimum age' },
    { code: 7000, message: 'cross check duplicate found by doc number' },
  ],
  face_comparison: [
    { code: 4001, message: 'face mismatch between document and selfie' },
    { code: 4002, message: 'no face found on the document' },
    { code: 4003, message: 'multiple faces found on the selfie' },
    { code: 7002, message: 'cross check duplicate found by photo' },
  ],
  poa: [
    { code: 4501, message: 'proof of address is older than 3 months' },
    { code: 4502, message: 'address on the document does not match the applicant' },
    { code: 4503, message: 'document type is not accepted as proof of address' },
    { code: 4504, message: 'proof of address country does not match the proof of identity' },
  ],
  liveness: [
    { code: 5001, message: 'liveness check failed' },
    { code: 5002, message: 'face is not fully visible in the video' },
    { code: 10000, message: 'device fingerprint already used by another applicant' },
  ],
}

/** Only the checks that the settings require, in the provider's order. */
export function requiredChecks(settings: ProfileSettings): CheckName[] {
  const names: CheckName[] = []
  if (settings.poi_required) names.push('document_mrz')
  if (settings.face_comparison_required) names.push('face_comparison')
  if (settings.poa_required) names.push('poa')
  if (settings.face_comparison_allowed_documents?.includes('video_selfie')) names.push('liveness')
  return names
}

function pendingDocumentsFor(name: CheckName, settings: ProfileSettings, rng: Rng): string[] {
  switch (name) {
    case 'document_mrz':
      return (settings.poi_allowed_documents ?? ['passport']).slice(0, 1).map(String)
    case 'face_comparison':
      return ['selfie']
    case 'poa':
      return [rng.pick(['utility_bill', 'bank_statement'])]
    case 'liveness':
      return ['video_selfie']
  }
}

type CheckPlan = {
  settings: ProfileSettings
  status: VerificationStatus
  mrz: MrzData
  /** Fail several checks with several errors each (the errors example). */
  manyErrors: boolean
}

function checkStatus(status: VerificationStatus, rng: Rng): string {
  switch (status) {
    case 'initial':
    case 'expired':
      return 'pending'
    case 'pending':
    case 'canceled':
      return rng.pick(['pending', 'in_progress'])
    case 'in_progress':
      return 'in_progress'
    case 'verified':
    case 'failed':
      return 'verified'
  }
}

function dataFor(name: CheckName, checkState: string, plan: CheckPlan, rng: Rng): unknown {
  const done = checkState === 'verified' || checkState === 'failed'
  if (name === 'document_mrz') return done || checkState === 'in_progress' ? plan.mrz : null
  if (name === 'liveness' && done)
    return {
      liveness_code: checkState === 'verified' ? 'LIVE' : 'SPOOF',
      liveness_score: rng.float(0.02, 0.99, 3),
    }
  return null
}

export function buildChecks(plan: CheckPlan, rng: Rng): Record<string, Check> {
  const names = requiredChecks(plan.settings)
  const failing = new Set<CheckName>()
  if (plan.status === 'failed' && names.length > 0) {
    const count = plan.manyErrors ? names.length : rng.int(1, names.length)
    for (const name of rng.sample(names, count)) failing.add(name)
  }
  const checks: Record<string, Check> = {}
  for (const name of names) {
    let state = failing.has(name) ? 'failed' : checkStatus(plan.status, rng)
    // A pending verification still waits for at least its first document.
    if (plan.status === 'pending' && name === names[0]) state = 'pending'
    const errors = failing.has(name)
      ? rng.sample(ERRORS[name], plan.manyErrors ? 2 : rng.int(1, 2))
      : []
    checks[name] = {
      status: state,
      data: dataFor(name, state, plan, rng),
      errors,
      pending_documents: state === 'pending' ? pendingDocumentsFor(name, plan.settings, rng) : [],
    }
  }
  return checks
}
