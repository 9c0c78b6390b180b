import { asObject, readArray, readString } from '@/lib/json/read'
import {
  readAmlScreening,
  readVerificationShortId,
  type AmlScreening,
} from '@/lib/webhooks/aml-screening'

type SummaryFact = { label: string; value: string }

/** The one-line summary of a history record, by event type; `other` covers unknown types. */
export type RecordSummary =
  | { kind: 'aml'; aml: AmlScreening }
  | {
      kind: 'verification'
      verificationShortId: string | null
      verificationId: string | null
      status: string | null
      applicantId: string | null
    }
  | {
      kind: 'check'
      verificationShortId: string | null
      verificationId: string | null
      step: string | null
      status: string | null
      errorCount: number
    }
  | { kind: 'other'; facts: SummaryFact[] }

/** Members that identify what an unknown event is about, in the order they are worth showing. */
const IDENTIFYING = [
  'verification_url_id',
  'verification_id',
  'screening_id',
  'applicant_id',
  'external_id',
  'step',
  'status',
] as const

export function summarizeRecord(
  eventType: string | null | undefined,
  payload: unknown,
): RecordSummary {
  const root = asObject(payload)
  if (eventType === 'AML_SCREENING') {
    const aml = readAmlScreening(payload)
    if (aml) return { kind: 'aml', aml }
  }
  if (eventType === 'DOCVER' && root) {
    return {
      kind: 'verification',
      verificationShortId: readVerificationShortId(root),
      verificationId: readString(root, 'id'),
      status: readString(root, 'status'),
      applicantId: readString(root, 'applicant_id'),
    }
  }
  if (eventType === 'DOCVER_CHECKS' && root) {
    const result = asObject(root.result)
    return {
      kind: 'check',
      verificationShortId: readVerificationShortId(root),
      verificationId: readString(root, 'verification_id'),
      step: readString(root, 'step'),
      status: readString(result, 'status') ?? readString(root, 'status'),
      errorCount: readArray(result, 'errors')?.length ?? 0,
    }
  }
  const facts: SummaryFact[] = []
  for (const key of IDENTIFYING) {
    const value = readString(root, key)
    if (value) facts.push({ label: key.replaceAll('_', ' '), value })
  }
  return { kind: 'other', facts: facts.slice(0, 3) }
}
