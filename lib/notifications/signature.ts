/** The outgoing webhook's signature header (lib/upstream/webhook-signature.ts has the scheme). */
export const SIGNATURE_HEADER = 'X-Verity-Signature'
