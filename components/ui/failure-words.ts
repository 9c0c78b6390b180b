/** What a failed read means to an analyst, by its kind; the same words on the server and in the browser. */
export const failureWords: Record<string, { title: string; hint: string }> = {
  timeout: {
    title: 'The upstream service timed out',
    hint: 'It may be slow right now. Try again.',
  },
  unavailable: {
    title: 'The upstream service is unreachable',
    hint: 'Verity could not reach the verification service. Try again in a moment.',
  },
  rate_limited: {
    title: 'Too many requests',
    hint: 'The verification service is limiting requests.',
  },
  bad_response: {
    title: 'The upstream sent data Verity cannot read',
    hint: 'This was logged. Retrying may help if the service recovered.',
  },
  unauthorized: {
    title: 'The upstream refused Verity’s API key',
    hint: 'An operator needs to check the DS_API_KEY configuration.',
  },
  bad_parameter: { title: 'That address is not valid', hint: '' },
  unauthenticated: {
    title: 'Your session has ended',
    hint: 'Sign in again to go on; you will come back to this page.',
  },
}
