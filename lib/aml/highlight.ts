/*
 * Which words of a matched name also occur in the requested name. Words are runs of letters, marks
 * and digits in any script; they compare by base letter (case and accents ignored, so "MÜLLER"
 * meets "Müller" and "ΠΑΠΑΔΌΠΟΥΛΟΣ" meets "Παπαδόπουλος"). Scripts written without spaces
 * (Han, kana) compare character by character, as their words cannot be told apart by spacing.
 */

export type NameSegment = { text: string; match: boolean }

const WORD = /[\p{L}\p{M}\p{N}]+/gu
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u
const collator = new Intl.Collator('und', { sensitivity: 'base', usage: 'search' })

function words(value: string): string[] {
  return value.match(WORD) ?? []
}

export function highlightName(name: string, requested: string | null | undefined): NameSegment[] {
  const wanted = words(requested ?? '')
  if (!name) return []
  if (wanted.length === 0) return [{ text: name, match: false }]
  const wantedChars = new Set(
    wanted.flatMap((word) => [...word].filter((char) => UNSPACED.test(char))),
  )
  const isWanted = (word: string) => wanted.some((other) => collator.compare(word, other) === 0)

  const segments: NameSegment[] = []
  const push = (text: string, match: boolean) => {
    const last = segments.at(-1)
    if (last && last.match === match) last.text += text
    else segments.push({ text, match })
  }
  let cursor = 0
  for (const found of name.matchAll(WORD)) {
    const word = found[0]
    if (found.index > cursor) push(name.slice(cursor, found.index), false)
    if (isWanted(word)) push(word, true)
    else if (UNSPACED.test(word)) for (const char of word) push(char, wantedChars.has(char))
    else push(word, false)
    cursor = found.index + word.length
  }
  if (cursor < name.length) push(name.slice(cursor), false)
  return segments
}
