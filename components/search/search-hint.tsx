'use client'

import { optionClass } from '@/components/search/option-class'
import { Button } from '@/components/ui/button'
import { IntentLink } from '@/components/ui/intent-link'
import { webhooksPath } from '@/lib/routes'
import { recognise, type SearchTarget } from '@/lib/search/recognise'

/** What Enter will do with the input, so the analyst sees how it was read before opening it. */
export function SearchHint({ input, onSubmit }: { input: string; onSubmit: () => void }) {
  const target = recognise(input)
  if (target.kind === 'empty') {
    return (
      <p className="px-2 py-1 text-xs text-muted">
        Paste a short id, a verification or profile link, a profile or AML report id, or type a
        screened name. Type <code className="font-mono">webhook:</code> before an id for a webhook
        configuration.
      </p>
    )
  }
  const label = hintLabel(target)
  if (!label) return null
  return (
    <ul aria-label="Open">
      <li>
        <Button data-search-option onClick={onSubmit} className={optionClass}>
          <span className="min-w-0 flex-1 truncate">{label}</span>
          <kbd aria-hidden="true" className="font-sans text-xs text-faint">
            Enter
          </kbd>
        </Button>
      </li>
      {target.kind === 'uuid' && (
        <li>
          <IntentLink href={webhooksPath(target.id)} data-search-option className={optionClass}>
            Open as webhook configuration
          </IntentLink>
        </li>
      )}
    </ul>
  )
}

function hintLabel(target: SearchTarget): string | null {
  switch (target.kind) {
    case 'verification':
      return `Open verification ${target.shortId}`
    case 'profile':
      return `Open profile ${target.id}`
    case 'aml':
      return `Open AML report ${target.id}`
    case 'webhook':
      return `Open webhook configuration ${target.id}`
    case 'uuid':
      return `Look up as profile or AML report`
    case 'profile-link':
      return `Profile link ${target.linkId}`
    case 'unknown':
      return `Search names and ids in the history for “${target.input.slice(0, 40)}”`
    default:
      return null
  }
}
