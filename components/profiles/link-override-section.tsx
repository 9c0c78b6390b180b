import { FinishScreenSection } from '@/components/profiles/finish-screen-section'
import { ManualFieldsSection } from '@/components/profiles/manual-fields-section'
import type { LinkOverride } from '@/lib/profiles/link-overrides'
import type { FinishScreenSettings, ManualFieldSettings } from '@/lib/upstream/schemas'

type Props =
  | {
      kind: 'manual'
      title: string
      settings: ManualFieldSettings | null | undefined
      override: LinkOverride
    }
  | {
      kind: 'finish'
      title: string
      settings: FinishScreenSettings | null | undefined
      override: LinkOverride
    }

/** One of the link's own settings: a line when it matches the profile, the full settings when not. */
export function LinkOverrideSection(props: Props) {
  const { title, override } = props
  return (
    <section className="border-t border-zinc-100 pt-3 dark:border-zinc-800">
      <h3 className="mb-1.5 text-xs font-semibold text-zinc-700 dark:text-zinc-300">{title}</h3>
      {!override.differs ? (
        <p className="text-faint">
          {props.settings ? 'Same as the profile’s.' : 'Not set on the link; the profile’s apply.'}
        </p>
      ) : (
        <div className="space-y-2">
          <p className="text-xs text-amber-800 dark:text-amber-300">
            Differs from the profile’s settings; changed entries are marked.
            {override.removed.length > 0 && ` Not on the link: ${override.removed.join(', ')}.`}
          </p>
          {props.kind === 'manual' ? (
            <ManualFieldsSection settings={props.settings} changed={override.changed} />
          ) : (
            <FinishScreenSection settings={props.settings} changed={override.changed} />
          )}
        </div>
      )}
    </section>
  )
}
