import { asBoolean, asNumber, asText, humanize, isRecord } from '@/lib/profiles/values'
import type { CustomField, ManualFieldSettings } from '@/lib/upstream/schemas'

/** Names of the reference's manual fields, in the reference's order. */
const FIELD_NAMES: Record<string, string> = {
  full_name: 'Full name',
  email: 'Email',
  phone: 'Phone',
  country: 'Country',
  dob: 'Date of birth',
  gender: 'Gender',
  citizenship: 'Citizenship',
  address: 'Address',
  certificate_of_incorporation: 'Certificate of incorporation',
  ownership_document: 'Ownership document',
}
/** Members of manual_field_settings that are not fields. */
const NOT_FIELDS = new Set(['enabled', 'description', 'custom_fields'])

export type ManualFieldRow = {
  key: string
  name: string
  enabled: boolean | null
  optional: boolean | null
  caption: string | null
  order: number | null
}

/**
 * Every field setting, known or not, in the `order` the applicant sees them. Fields without an
 * order keep their place after the ordered ones.
 */
export function manualFieldRows(
  settings: ManualFieldSettings | null | undefined,
): ManualFieldRow[] {
  if (!settings) return []
  const rows: ManualFieldRow[] = []
  for (const [key, value] of Object.entries(settings)) {
    if (NOT_FIELDS.has(key) || !isRecord(value)) continue
    rows.push({
      key,
      name: FIELD_NAMES[key] ?? humanize(key),
      enabled: asBoolean(value.enabled),
      optional: asBoolean(value.optional),
      caption: asText(value.caption),
      order: asNumber(value.order),
    })
  }
  return byOrder(rows, (row) => row.order)
}

export function customFieldRows(settings: ManualFieldSettings | null | undefined): CustomField[] {
  return byOrder(settings?.custom_fields ?? [], (field) => field.order ?? null)
}

/** A stable sort by `order`, unordered items last in their original sequence. */
function byOrder<T>(items: readonly T[], orderOf: (item: T) => number | null): T[] {
  return items
    .map((item, index) => ({ item, index, order: orderOf(item) }))
    .sort((a, b) => {
      if (a.order !== null && b.order !== null && a.order !== b.order) return a.order - b.order
      if (a.order === null && b.order !== null) return 1
      if (a.order !== null && b.order === null) return -1
      return a.index - b.index
    })
    .map(({ item }) => item)
}
