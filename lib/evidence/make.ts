import 'server-only'

import { ProblemError } from '@/lib/api/problem-error'
import { appAuditKey } from '@/lib/audit/app-trail'
import { sealAppTrail } from '@/lib/audit/app-trail'
import { audit, auditMade } from '@/lib/audit/record'
import { AuthRequiredError } from '@/lib/auth/errors'
import { requireViewer } from '@/lib/auth/session'
import { viewerLabel, type Viewer } from '@/lib/auth/viewer'
import { PACK_FORMAT, type EvidencePack, type MadePack } from '@/lib/evidence/contract'
import type { PackRequest } from '@/lib/evidence/request'
import { notesFor } from '@/lib/notes/notes'
import { getStore } from '@/lib/store/store'
import { UpstreamError } from '@/lib/upstream/errors'
import packageJson from '@/package.json'

import { takePackAllowance } from './allowance'
import { appSigningKey } from './app-signing-key'
import { recordContent } from './content'
import { deploymentId, packField, sha256 } from './deployment'
import { inPackSlot } from './pack-slots'
import { startPackJob, type PackJobHandle } from './pack-workers'
import { auditSection, notesSection, readExcerpt } from './record-sections'
import { signJson, signPdf } from './signature'

/*
 * Making a pack: read the record as Verity shows it, lay out the JSON and the PDF, each signed with
 * the deployment's Ed25519 key (signature.ts), then append the audit row that carries both files'
 * SHA-256. What costs CPU (an AML report's checking and masking, the JSON text, the PDF's layout)
 * is done in a worker thread (pack-workers.ts), so the request thread keeps answering meanwhile. Its footer names the audit row, so the row's number must be known before
 * the PDF's last bytes are: the trail writer locks the head row, hands over the next number, the
 * worker writes the footers and closes the file, and this thread signs it, all while the lock is
 * held; the row is then sealed onto the chain like any other. Nothing is answered before that row
 * is committed, and a pack whose row cannot be written is not answered at all.
 */

export async function makeEvidencePack(request: PackRequest): Promise<MadePack> {
  const viewer = await requireViewer()
  const resource = { type: request.type, id: request.id }
  try {
    const allowance = await takePackAllowance(viewer)
    if (!allowance.ok) {
      await audit(viewer, 'export', resource, 'rate_limited', 'evidence-pack')
      throw new ProblemError(
        429,
        'evidence_pack_limited',
        'Too many sensitive actions',
        `You made many packs, reveals or unmasked exports lately. Every one is recorded; try again in ${allowance.retryAfterSeconds} s.`,
        { 'Retry-After': String(allowance.retryAfterSeconds) },
      )
    }
    return await inPackSlot(() => makeAllowed(viewer, request))
  } catch (error) {
    if (
      error instanceof ProblemError ||
      error instanceof UpstreamError ||
      error instanceof AuthRequiredError
    ) {
      throw error
    }
    // The trail or the store failed: the pack was not recorded, so it is not handed out.
    console.error(
      JSON.stringify({
        level: 'error',
        msg: 'evidence pack not recorded',
        error: error instanceof Error ? error.message : 'unknown',
      }),
    )
    throw new ProblemError(
      503,
      'evidence_pack_unrecorded',
      'Evidence pack not recorded',
      'The evidence pack could not be recorded in the audit trail, so it was not made. Try again.',
    )
  }
}

/** The pack itself, once the allowance is taken and a slot is free (pack-slots.ts). */
async function makeAllowed(viewer: Viewer, request: PackRequest): Promise<MadePack> {
  const job = startPackJob()
  try {
    return await makeInWorker(job, viewer, request)
  } finally {
    job.drop()
  }
}

async function makeInWorker(
  job: PackJobHandle,
  viewer: Viewer,
  request: PackRequest,
): Promise<MadePack> {
  const resource = { type: request.type, id: request.id }
  const content = await recordContent(request, job)
  const { db } = await getStore()
  // The excerpt names rows by their place in the chain: this request's own reads included.
  await sealAppTrail()
  const [notes, excerpt] = await Promise.all([
    notesFor(content.record),
    readExcerpt(db, [resource, content.record]),
  ])
  const deployment = deploymentId(appAuditKey())
  const pack: EvidencePack = {
    format: PACK_FORMAT,
    deployment,
    title: content.title,
    record: { type: request.type, id: request.id, upstreamId: content.upstreamId },
    made: {
      at: new Date().toISOString(),
      by: viewerLabel(viewer),
      verityVersion: packageJson.version,
      masked: !request.unmasked,
      reason: request.unmasked ? (request.reason ?? null) : null,
    },
    sections: [...content.sections, notesSection(notes), auditSection(excerpt)],
  }
  const signingKey = await appSigningKey()
  const json = signJson(await job.build(pack, content.aml), signingKey)
  const jsonSha = sha256(json)
  await job.layOut(jsonSha)
  let pdfBytes: Buffer = Buffer.alloc(0)
  const record = await auditMade(viewer, 'export', resource, async (seq) => {
    pdfBytes = signPdf(await job.finish(seq), signingKey)
    return {
      field: packField(request.unmasked, sha256(pdfBytes), jsonSha),
      reason: request.reason,
    }
  })
  const base = `verity-evidence-${fileId(request)}-row${record.seq}`
  const file = (name: string, bytes: Uint8Array | string) => ({
    name,
    sha256: sha256(bytes),
    bytes: typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length,
  })
  return {
    seq: record.seq,
    deployment,
    manifest: {
      auditSeq: record.seq,
      deployment,
      pdf: file(`${base}.pdf`, pdfBytes),
      json: file(`${base}.json`, json),
      files: content.attachments.map((attachment) =>
        file(attachment.name, Buffer.from(attachment.base64, 'base64')),
      ),
    },
    json,
    pdfBase64: pdfBytes.toString('base64'),
    attachments: content.attachments,
  }
}

function fileId(request: PackRequest) {
  if (request.type === 'case') return `case${request.id}`
  return request.type === 'verification' ? request.id : request.id.slice(0, 8)
}
