import { maskedKindForKey, maskedKindName } from '@/lib/projection/mask-rules'
import {
  applicantPath,
  amlReportPath,
  casePath,
  profilePath,
  profilesPath,
  verificationPath,
  webhooksPath,
} from '@/lib/routes'

/* Words for what the trail records, and where a recorded record lives. */

const ACTION_WORDS: Record<string, string> = {
  view: 'Viewed',
  reveal: 'Revealed',
  export: 'Exported',
  decide: 'Decided',
  note: 'Added a note',
  sign_in: 'Signed in',
  sign_in_refused: 'Sign-in refused',
  sign_out: 'Signed out',
  session_expired: 'Session expired',
  case: 'Case',
  notify: 'Notification',
  retention: 'Retention',
}

export const ACTION_OPTIONS = Object.entries(ACTION_WORDS)

export function actionLabel(action: string, field: string | null) {
  const word = ACTION_WORDS[action] ?? action
  if (!field) return word
  if (action === 'reveal') return `${word} ${revealedName(field)}`
  if (action === 'export' && field.startsWith('evidence-pack')) return packLabel(field)
  if (action === 'export') return `${word} as ${field.toUpperCase()}`
  if (action === 'decide') return `${word} on match ${field.slice(0, 8)}`
  if (action === 'case') return `${word} ${field.replace('_', ' ')}`
  if (action === 'notify' && field === 'send_again') return 'Sent a notification again'
  if (action === 'retention') return `${word}: ${field.replaceAll('_', ' ')}`
  return word
}

/** `evidence-pack[-unmasked] pdf=<sha256> json=<sha256>` (lib/evidence/deployment.ts), hashes in full. */
function packLabel(field: string) {
  const [variant, ...hashes] = field.split(' ')
  const files = hashes.map((hash) =>
    hash.replace('=', ' SHA-256 ').replace(/^(pdf|json)/, (kind) => kind.toUpperCase()),
  )
  const what =
    variant === 'evidence-pack-unmasked'
      ? 'Made an unmasked evidence pack'
      : 'Made an evidence pack'
  return [what, ...files].join('; ')
}

const TYPE_WORDS: Record<string, string> = {
  verification: 'Verification',
  aml_search: 'AML report',
  profile: 'Profile',
  profile_list: 'Profile list',
  webhook_history: 'Webhook history',
  session: 'Session',
  activity: 'Activity',
  case: 'Case',
  notification: 'Notification',
  queue: 'Work queue',
  applicant: 'Applicant',
  history_search: 'History search',
  analytics: 'Analytics',
  upstream: 'Upstream',
}

export const RECORD_TYPE_OPTIONS = Object.entries(TYPE_WORDS).filter(
  ([type]) => type !== 'upstream',
)

export function recordTypeLabel(type: string) {
  return TYPE_WORDS[type] ?? type
}

export function recordHref(type: string, id: string | null) {
  if (type === 'profile_list') return profilesPath
  if (type === 'webhook_history') return webhooksPath()
  if (type === 'analytics')
    return id ? `/analytics?${id.replace(/&?chart=[^&]*/, '')}` : '/analytics'
  if (!id) return null
  if (type === 'verification') return verificationPath(id)
  if (type === 'aml_search') return amlReportPath(id)
  if (type === 'profile') return profilePath(id)
  if (type === 'case' && /^\d+$/.test(id)) return casePath(Number(id))
  if (type === 'applicant') return applicantPath(id)
  return null
}

/** `checks.document_mrz.data.doc_number` reads as "document number": the kind of value shown. */
function revealedName(field: string) {
  const last =
    field
      .split(/[.[\]]/)
      .filter((part) => part && !/^\d+$/.test(part))
      .at(-1) ?? field
  const kind = maskedKindForKey(last)
  return kind ? maskedKindName(kind) : last.replaceAll('_', ' ')
}
