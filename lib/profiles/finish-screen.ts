import { asText, humanize, isRecord } from '@/lib/profiles/values'
import type { FinishScreenSettings } from '@/lib/upstream/schemas'

const TEXT_NAMES: Record<string, string> = {
  title: 'Title',
  main_text: 'Text',
  cta: 'Call to action',
  redirect_link: 'Redirect link',
  redirect_warning: 'Redirect warning',
}

type FinishScreenRow = { key: string; name: string; value: string | null; raw: unknown }

/** The texts of the finish screen, known ones first in reading order, then any others. */
export function finishScreenRows(
  settings: FinishScreenSettings | null | undefined,
): FinishScreenRow[] {
  const texts = settings?.settings
  if (!isRecord(texts)) return []
  const known = Object.keys(TEXT_NAMES).filter((key) => key in texts)
  const others = Object.keys(texts).filter((key) => !(key in TEXT_NAMES))
  return [...known, ...others].map((key) => ({
    key,
    name: TEXT_NAMES[key] ?? humanize(key),
    value: asText(texts[key]),
    raw: texts[key],
  }))
}
