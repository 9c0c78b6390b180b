import { Card } from '@/components/ui/card'
import { CopyableId } from '@/components/ui/copyable-id'
import { NoValue } from '@/components/ui/no-value'
import type { Verification } from '@/lib/upstream/schemas'

/** The documents provided so far; the reference gives only their ids, real payloads add type and format. */
export function DocumentsCard({ documents }: { documents: Verification['documents'] }) {
  const list = documents ?? []
  return (
    <Card id="documents" title={`Documents${list.length ? ` (${list.length})` : ''}`}>
      {list.length === 0 ? (
        <p className="text-faint">No documents provided.</p>
      ) : (
        <ul className="divide-y divide-hairline">
          {list.map((doc, index) => (
            <li
              key={doc.document_id ?? index}
              className="flex flex-wrap items-center justify-between gap-x-3 py-1 first:pt-0 last:pb-0"
            >
              <span>
                {doc.document_type ?? <NoValue>document</NoValue>}
                {doc.content_type && (
                  <span className="ml-2 text-xs text-faint">{doc.content_type}</span>
                )}
              </span>
              {doc.document_id && <CopyableId value={doc.document_id} label="document id" short />}
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
