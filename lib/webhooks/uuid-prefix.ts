import { isUuid } from '@/lib/util/ids'

/** The first block of a UUID, enough to tell records apart in a summary; other ids stay whole. */
export function shortId(value: string): string {
  return isUuid(value) ? value.slice(0, 8) : value
}
