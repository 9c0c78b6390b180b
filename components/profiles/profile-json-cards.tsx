import { Card } from '@/components/ui/card'
import { JsonViewer } from '@/components/ui/json-viewer'
import { isEmptyUiSettings, parseUiSettings } from '@/lib/profiles/ui-settings'

/** Look and feel of the verification screens; its content is not described by the reference. */
export function UiSettingsCard({ value }: { value: unknown }) {
  const { value: parsed, encoded } = parseUiSettings(value)
  return (
    <Card title="UI settings" id="ui-settings">
      {isEmptyUiSettings(value) ? (
        <p className="text-faint">None: the service’s default look.</p>
      ) : (
        <div className="space-y-1.5">
          {encoded && (
            <p className="text-xs text-faint">Sent as a JSON-encoded string; shown decoded.</p>
          )}
          <JsonViewer value={parsed} label="UI settings" defaultDepth={2} />
        </div>
      )}
    </Card>
  )
}

/** Members the reference does not name, so that nothing the upstream sends is hidden. */
export function OtherFieldsCard({ fields }: { fields: Record<string, unknown> | null }) {
  if (!fields) return null
  return (
    <Card title="Other fields" id="other-fields">
      <p className="mb-1.5 text-xs text-faint">
        Sent by the service but not described in its reference.
      </p>
      <JsonViewer value={fields} label="other fields" defaultDepth={3} />
    </Card>
  )
}
