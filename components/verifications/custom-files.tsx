import { CopyableId } from '@/components/ui/copyable-id'
import { Field, FieldList } from '@/components/ui/field-list'
import { JsonViewer } from '@/components/ui/json-viewer'
import { NoValue } from '@/components/ui/no-value'
import { CustomLabel } from '@/components/verifications/manual-fields'
import type { CustomField } from '@/lib/upstream/schemas'

/** Files uploaded for custom fields. The reference does not give their shape, so unknown ones show as JSON. */
export function CustomFiles({
  files,
  customFieldSettings,
}: {
  files: Record<string, unknown>
  customFieldSettings: readonly CustomField[]
}) {
  return (
    <FieldList>
      {Object.entries(files).map(([label, info]) => (
        <Field key={label} label={<CustomLabel label={label} settings={customFieldSettings} />}>
          <FileInfo label={label} info={info} />
        </Field>
      ))}
    </FieldList>
  )
}

function FileInfo({ label, info }: { label: string; info: unknown }) {
  if (typeof info !== 'object' || info === null || Array.isArray(info)) {
    return info === null || info === undefined ? (
      <NoValue />
    ) : (
      <JsonViewer value={info} label={label} />
    )
  }
  const {
    file_name: name,
    content_type: type,
    size,
    document_id: id,
    ...rest
  } = info as Record<string, unknown>
  const known = [name, type, size, id].some((value) => value !== undefined)
  if (!known) return <JsonViewer value={info} label={label} defaultDepth={1} />
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-0.5">
      {typeof name === 'string' && <span>{name}</span>}
      {typeof type === 'string' && <span className="text-xs text-faint">{type}</span>}
      {typeof size === 'number' && <span className="text-xs text-faint">{formatBytes(size)}</span>}
      {typeof id === 'string' && <CopyableId value={id} label="document id" short />}
      {Object.keys(rest).length > 0 && (
        <JsonViewer value={rest} label={`${label} details`} defaultDepth={0} />
      )}
    </span>
  )
}

function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}
