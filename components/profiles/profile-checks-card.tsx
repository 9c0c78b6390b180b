import { OnOff } from '@/components/profiles/on-off'
import { Badge } from '@/components/ui/badge'
import { Card } from '@/components/ui/card'
import { documentName, requiredChecks } from '@/lib/profiles/checks'
import type { ProfileSettings } from '@/lib/upstream/schemas'

/** Which checks a verification must pass and which documents each accepts. */
export function ProfileChecksCard({ settings }: { settings: ProfileSettings | null | undefined }) {
  const documents: Record<string, readonly unknown[] | null | undefined> = {
    poi: settings?.poi_allowed_documents,
    face_comparison: settings?.face_comparison_allowed_documents,
  }
  return (
    <Card title="Required checks" id="checks">
      <table className="w-full text-sm">
        <thead className="sr-only">
          <tr>
            <th scope="col">Check</th>
            <th scope="col">Required</th>
            <th scope="col">Allowed documents</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-hairline">
          {requiredChecks(settings).map((check) => (
            <tr key={check.key}>
              <th scope="row" className="py-1.5 pr-4 text-left font-normal text-faint">
                {check.name} <span className="text-xs">({check.short})</span>
              </th>
              <td className="py-1.5 pr-4 whitespace-nowrap">
                <OnOff value={check.required} on="Required" off="Not required" />
              </td>
              <td className="py-1.5">
                <DocumentList documents={documents[check.key]} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  )
}

function DocumentList({ documents }: { documents: readonly unknown[] | null | undefined }) {
  if (!documents) return null
  if (documents.length === 0) return <span className="text-xs text-faint">No documents listed</span>
  return (
    <span className="flex flex-wrap gap-1">
      {documents.map((document, index) => (
        <Badge key={index}>{documentName(document)}</Badge>
      ))}
    </span>
  )
}
