import { CustomFieldsTable } from '@/components/profiles/custom-fields-table'
import { ChangedMark, ManualFieldsTable } from '@/components/profiles/manual-fields-table'
import { OnOff } from '@/components/profiles/on-off'
import { customFieldRows, manualFieldRows } from '@/lib/profiles/manual-fields'
import type { ManualFieldSettings } from '@/lib/upstream/schemas'

/** The form the applicant fills in: whether it is shown, its intro, its fields in order. */
export function ManualFieldsSection({
  settings,
  changed,
}: {
  settings: ManualFieldSettings | null | undefined
  changed?: Set<string>
}) {
  if (!settings) return <p className="text-faint">Not configured.</p>
  return (
    <div className="space-y-3">
      <p className="flex flex-wrap gap-x-6 gap-y-1">
        <span>
          <span className="text-faint">Form shown: </span>
          <OnOff value={settings.enabled} />
          {changed?.has('enabled') && <ChangedMark />}
        </span>
        {settings.description && (
          <span className="min-w-0 break-words">
            <span className="text-faint">Intro: </span>
            {settings.description}
            {changed?.has('description') && <ChangedMark />}
          </span>
        )}
      </p>
      <ManualFieldsTable rows={manualFieldRows(settings)} changed={changed} />
      <CustomFieldsTable fields={customFieldRows(settings)} />
      {changed?.has('custom_fields') && (
        <p className="text-xs text-amber-800 dark:text-amber-300">
          The custom fields differ from the profile&apos;s.
        </p>
      )}
    </div>
  )
}
