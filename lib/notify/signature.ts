/** The outgoing webhook's signature header (lib/webhook-signature.ts has the scheme). */
export const SIGNATURE_HEADER = 'X-Verity-Signature'
