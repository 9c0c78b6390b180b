import { ExternalLink } from '@/components/profiles/external-link'
import { ChangedMark } from '@/components/profiles/manual-fields-table'
import { OnOff } from '@/components/profiles/on-off'
import { Field, FieldList } from '@/components/ui/field-list'
import { NoValue } from '@/components/ui/no-value'
import { finishScreenRows } from '@/lib/profiles/finish-screen'
import type { FinishScreenSettings } from '@/lib/upstream/schemas'

/** What the applicant sees after the last step, and where they are sent. */
export function FinishScreenSection({
  settings,
  changed,
}: {
  settings: FinishScreenSettings | null | undefined
  changed?: Set<string>
}) {
  if (!settings) return <p className="text-faint">Not configured.</p>
  return (
    <FieldList>
      <Field label="Custom screen">
        <OnOff value={settings.enabled} on="Shown" off="Not shown" />
        {changed?.has('enabled') && <ChangedMark />}
      </Field>
      {finishScreenRows(settings).map((row) => (
        <Field key={row.key} label={row.name}>
          {row.key === 'redirect_link' ? (
            <ExternalLink url={row.value} label="redirect link" />
          ) : row.value ? (
            <span className="whitespace-pre-line">{row.value}</span>
          ) : row.raw === null || row.raw === undefined || row.raw === '' ? (
            <NoValue />
          ) : (
            <code className="text-xs">{JSON.stringify(row.raw)}</code>
          )}
          {changed?.has(row.key) && <ChangedMark />}
        </Field>
      ))}
    </FieldList>
  )
}
