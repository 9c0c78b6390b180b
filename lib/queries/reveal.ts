import { apiPost, isApiError } from '@/lib/queries/api-fetch'

type RevealAnswer = { ok: true; value: string } | { ok: false; message: string }

/** One masked value from the server, which audits the reveal before it answers. */
export async function revealValue(ref: string): Promise<RevealAnswer> {
  try {
    const { value } = await apiPost<{ value: string }>('/api/reveal', { ref })
    return { ok: true, value }
  } catch (error) {
    if (isApiError(error) && (error.kind === 'reveal_limited' || error.kind === 'not_found')) {
      return { ok: false, message: error.detail }
    }
    return { ok: false, message: 'Not recorded, not shown. Try again.' }
  }
}
