import { FieldList, Field } from '@/components/ui/field-list'
import { JsonViewer } from '@/components/ui/json-viewer'

/**
 * What a check carries in `data`. MRZ data is shown with the identity data below; liveness data
 * has a known shape; anything else (a new check, a new member) is shown as JSON.
 */
export function CheckData({ name, data }: { name: string; data: unknown }) {
  if (data === null || data === undefined || isEmpty(data)) return null
  if (name === 'document_mrz' && isObject(data)) {
    return <p className="text-xs text-faint">MRZ read: shown under Identity data.</p>
  }
  if (name === 'liveness' && isObject(data) && onlyPrimitives(data)) {
    return (
      <div className="text-xs">
        <FieldList>
          {Object.entries(data).map(([key, value]) => (
            <Field
              key={key}
              label={
                key === 'liveness_code'
                  ? 'Liveness code'
                  : key === 'liveness_score'
                    ? 'Liveness score'
                    : key
              }
            >
              <span className="font-mono">{String(value)}</span>
            </Field>
          ))}
        </FieldList>
      </div>
    )
  }
  return <JsonViewer value={data} label={`${name} data`} />
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isEmpty(value: unknown) {
  return Array.isArray(value)
    ? value.length === 0
    : isObject(value) && Object.keys(value).length === 0
}

function onlyPrimitives(value: Record<string, unknown>) {
  return Object.values(value).every((item) => item === null || typeof item !== 'object')
}
