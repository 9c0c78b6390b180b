import { PACK_FORMAT, type EvidencePack } from '@/lib/evidence/contract'

/** The smallest pack: one failed verification `id`, made masked by ana on 25 Nov. */
export function verificationPack(id: string, deployment: string): EvidencePack {
  return {
    format: PACK_FORMAT,
    deployment,
    title: `Verification ${id}`,
    record: { type: 'verification', id, upstreamId: null },
    made: {
      at: '2026-11-25T10:00:00.000Z',
      by: 'ana@verity.test',
      verityVersion: '0.1.0',
      masked: true,
      reason: null,
    },
    sections: [
      { key: 'verification', title: 'Verification', blocks: [{ kind: 'text', text: 'Failed' }] },
    ],
  }
}
