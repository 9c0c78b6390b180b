'use client'

import { Fragment, useState } from 'react'

import { Button } from '@/components/ui/button'
import { ReasonForm, saveFile } from '@/components/ui/reason-form'
import { PACK_REASON_MAX, PACK_REASON_MIN, type MadePack } from '@/lib/evidence/contract'
import type { PackRequest } from '@/lib/evidence/request'
import { apiPost, isApiError } from '@/lib/queries/api-fetch'

type Target = Pick<PackRequest, 'type' | 'id' | 'subject'>

/**
 * "Evidence pack": the server makes the record's PDF and JSON and records both hashes in the audit
 * trail before answering; the PDF downloads at once, the JSON and the manifest on request. An
 * unmasked pack asks for a reason, which the trail keeps.
 */
export function EvidencePackButton(target: Target) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [askingReason, setAskingReason] = useState(false)
  const [made, setMade] = useState<MadePack | null>(null)

  async function make(unmasked: boolean, reason?: string) {
    setBusy(true)
    setError(null)
    try {
      const pack = await apiPost<MadePack>('/api/evidence', {
        ...target,
        unmasked,
        ...(unmasked ? { reason } : {}),
      })
      setMade(pack)
      saveFile(fileBlob(pack.pdfBase64, 'application/pdf'), pack.manifest.pdf.name)
      setAskingReason(false)
    } catch (cause) {
      setError(
        isApiError(cause)
          ? cause.detail
          : 'The evidence pack could not be made. Check your connection and try again.',
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="no-print flex max-w-md flex-col items-end gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          disabled={busy}
          onClick={() => void make(false)}
          variant="secondary"
          size="sm"
          title="A PDF and a JSON file of this record, masked as on screen, with its hash in the audit trail"
        >
          {busy ? 'Making evidence pack…' : 'Evidence pack'}
        </Button>
        <Button
          disabled={busy}
          aria-expanded={askingReason}
          onClick={() => setAskingReason((open) => !open)}
          variant="secondary"
          size="sm"
        >
          Unmasked pack…
        </Button>
      </div>
      {askingReason && (
        <ReasonForm
          id="evidence-reason"
          question="Why do you need the pack unmasked?"
          submitLabel="Make unmasked pack"
          busy={busy}
          minLength={PACK_REASON_MIN}
          maxLength={PACK_REASON_MAX}
          onSubmit={(reason) => void make(true, reason)}
        />
      )}
      {made && (
        <p role="status" className="text-right text-xs text-muted">
          Recorded in audit row {made.seq}; the PDF is downloading.{' '}
          <Button
            className="underline"
            onClick={() =>
              saveFile(new Blob([made.json], { type: 'application/json' }), made.manifest.json.name)
            }
          >
            JSON
          </Button>{' '}
          ·{' '}
          <Button
            className="underline"
            onClick={() =>
              saveFile(
                new Blob([`${JSON.stringify(made.manifest, null, 2)}\n`], {
                  type: 'application/json',
                }),
                made.manifest.pdf.name.replace(/\.pdf$/, '-manifest.json'),
              )
            }
          >
            Manifest
          </Button>
          {made.attachments.map((attachment) => (
            <Fragment key={attachment.name}>
              {' '}
              ·{' '}
              <Button
                className="underline"
                onClick={() =>
                  saveFile(fileBlob(attachment.base64, attachment.type), attachment.name)
                }
              >
                {attachment.name}
              </Button>
            </Fragment>
          ))}
        </p>
      )}
      {error && (
        <span role="alert" className="text-xs text-red-700 dark:text-red-300">
          {error}
        </span>
      )}
    </div>
  )
}

function fileBlob(base64: string, type: string) {
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index)
  return new Blob([bytes], { type })
}
