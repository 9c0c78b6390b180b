/** What a failed read means to an analyst, by its kind; the same words on the server and in the browser. */
export const failureWords: Record<string, { title: string; hint: string }> = {
  timeout: {
    title: 'The upstream service timed out',
    hint: 'It may be slow right now. Try again.',
  },
  // The service answered, with an error; it is not the same as not reaching it at all.
  unavailable: {
    title: 'The upstream service answered with an error',
    hint: 'The verification service is up but failed this request. Try again in a moment.',
  },
  unreachable: {
    title: 'The upstream service cannot be reached',
    hint: 'Verity could not connect to the verification service. Try again in a moment.',
  },
  circuit_open: {
    title: 'The upstream service is failing',
    hint: 'It failed for several records or could not be reached, so Verity has paused calls to it for a short while. Try again in a moment.',
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
