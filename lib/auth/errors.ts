/** Thrown by the data layer when a request has no valid session; never carries data. */
export class AuthRequiredError extends Error {
  override readonly name = 'AuthRequiredError'
  constructor() {
    super('Sign-in required')
  }
}
