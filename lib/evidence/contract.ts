/*
 * What the browser and the server share of evidence packs: the request's limits (its schema is
 * request.ts, apart so that zod stays out of the browser), the document's shape, and what making
 * and verifying a pack answer. A pack is a list of sections made of a few kinds of
 * block, so the JSON file and the PDF are the same content by construction (the PDF renders the
 * blocks) and a new kind of record adds sections, not a new format.
 */

export const PACK_FORMAT = 'verity-evidence-pack/1'
export const PACK_REASON_MIN = 10
export const PACK_REASON_MAX = 500
/** Matches shown in full; the rest are counted (matches with decisions are always in full). */
export const DETAILED_MATCHES = 100

export type Fact = { label: string; value: string }

export type Block =
  | { kind: 'facts'; facts: Fact[] }
  | { kind: 'text'; text: string }
  | { kind: 'subheading'; text: string }
  /** `widths` are relative; `mono` columns hold ids and hashes. */
  | { kind: 'table'; columns: string[]; rows: string[][]; widths: number[]; mono?: number[] }

export type PackSection = { key: string; title: string; blocks: Block[] }

export type EvidencePack = {
  format: typeof PACK_FORMAT
  /** Which Verity made it: a hash of its audit key, never the key. */
  deployment: string
  title: string
  record: { type: string; id: string; upstreamId: string | null }
  made: {
    at: string
    by: string
    verityVersion: string
    masked: boolean
    reason: string | null
  }
  sections: PackSection[]
}

export type PackFile = { name: string; sha256: string; bytes: number }

/** A file the pack holds beside its own two (a case's approved report to the FIU: XML and PDF). */
export type PackAttachment = { name: string; type: string; base64: string }

/**
 * What the server answers: the audit row, the manifest, and the two files; a case's reports to the
 * FIU come as `attachments`, each listed in the manifest's `files` and in the signed JSON with its
 * SHA-256.
 */
export type MadePack = {
  seq: number
  deployment: string
  manifest: {
    auditSeq: number
    deployment: string
    pdf: PackFile
    json: PackFile
    files: PackFile[]
  }
  json: string
  pdfBase64: string
  attachments: PackAttachment[]
}

export type PackCheck =
  | {
      verdict: 'recorded'
      kind: 'pdf' | 'json'
      seq: number
      at: string
      by: string
      resource: { type: string; id: string | null }
      chain: { ok: true; rows: number } | { ok: false; seq: number; reason: string }
    }
  | { verdict: 'changed'; kind: 'pdf' | 'json'; claimedSeq: number | null }
  | { verdict: 'other_deployment'; kind: 'pdf' | 'json'; deployment: string }
  | { verdict: 'unknown' }

/** One sentence per verdict, for the upload box and the command line alike. */
export function packCheckWords(check: PackCheck): string {
  switch (check.verdict) {
    case 'recorded': {
      const chain = check.chain.ok
        ? `the audit chain verifies (${check.chain.rows} ${check.chain.rows === 1 ? 'row' : 'rows'})`
        : `but the audit chain is BROKEN at row ${check.chain.seq}: ${check.chain.reason}`
      return `Byte for byte the ${check.kind.toUpperCase()} recorded in audit row ${check.seq} (made ${check.at} by ${check.by}); ${chain}.`
    }
    case 'changed':
      return `This ${check.kind.toUpperCase()} says it is a pack of this Verity${check.claimedSeq ? ` (audit row ${check.claimedSeq})` : ''}, but no pack recorded here has these bytes: it was changed after it was made, or it was not recorded here.`
    case 'other_deployment':
      return `An evidence pack from another Verity deployment (${check.deployment}); this one cannot vouch for it.`
    case 'unknown':
      return 'Not an evidence pack Verity knows: no pack recorded here has these bytes, and the file does not say it is one.'
  }
}
