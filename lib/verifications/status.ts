/** Words and colours for verification and check statuses; an unknown value keeps its raw text. */

/** Same names as the Badge tones; lib does not import UI code. */
type StatusTone = 'neutral' | 'green' | 'red' | 'amber' | 'blue' | 'violet' | 'orange'

type StatusLook = { label: string; tone: StatusTone; hint: string; known: boolean }

const VERIFICATION: Record<string, Omit<StatusLook, 'known'>> = {
  initial: { label: 'Initial', tone: 'neutral', hint: 'Created; no documents yet' },
  pending: { label: 'Pending', tone: 'amber', hint: 'Some required documents uploaded' },
  in_progress: {
    label: 'In progress',
    tone: 'blue',
    hint: 'All documents in; awaiting the result',
  },
  verified: { label: 'Verified', tone: 'green', hint: 'Positive result; final' },
  failed: { label: 'Failed', tone: 'red', hint: 'Negative result; final' },
  canceled: { label: 'Canceled', tone: 'neutral', hint: 'Canceled before a result' },
  expired: { label: 'Expired', tone: 'orange', hint: 'The expiry time passed before completion' },
}

const CHECK: Record<string, Omit<StatusLook, 'known'>> = {
  pending: { label: 'Pending', tone: 'amber', hint: 'Waiting for documents' },
  in_progress: { label: 'In progress', tone: 'blue', hint: 'Being checked' },
  verified: { label: 'Verified', tone: 'green', hint: 'The check passed' },
  failed: { label: 'Failed', tone: 'red', hint: 'The check failed' },
}

function look(
  table: Record<string, Omit<StatusLook, 'known'>>,
  status: string | null | undefined,
): StatusLook {
  const known = status ? table[status] : undefined
  if (known) return { ...known, known: true }
  if (!status)
    return {
      label: 'No status',
      tone: 'neutral',
      hint: 'The upstream sent no status',
      known: false,
    }
  return { label: status, tone: 'violet', hint: 'A status Verity does not know', known: false }
}

export function verificationStatusLook(status: string | null | undefined): StatusLook {
  return look(VERIFICATION, status)
}

export function checkStatusLook(status: string | null | undefined): StatusLook {
  return look(CHECK, status)
}
