/*
 * Words of a name, compared by base letter in any script: NFKD with combining marks stripped and
 * lower case, so "MÜLLER" meets "Muller" and "ПЕТРОВ" meets "Петров". Digits and punctuation
 * separate words ("al-Rashed" is two). Scripts written without spaces stay one word per run.
 */

export type NameWord = {
  /** As written in the name, for display. */
  text: string
  /** Normalised, for comparison. */
  key: string
}

const RUN = /[\p{L}\p{M}]+/gu

function normaliseWord(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}]/gu, '')
}

/** The words of a name, each once (by its normalised form), in order. */
export function nameWords(name: string): NameWord[] {
  const seen = new Set<string>()
  const words: NameWord[] = []
  for (const [text] of name.matchAll(RUN)) {
    const key = normaliseWord(text)
    if (!key || seen.has(key)) continue
    seen.add(key)
    words.push({ text, key })
  }
  return words
}

/** The name's words as one order-free key: "PETROV Ivan" and "Ivan Petrov" are one name form. */
export function nameKey(name: string): string {
  return nameWords(name)
    .map((word) => word.key)
    .sort()
    .join(' ')
}

/**
 * Whether two different words are one edit apart (an insertion, deletion, substitution, or a swap
 * of neighbours: the optimal-string-alignment Damerau-Levenshtein distance is 1).
 */
export function oneEditApart(a: string, b: string): boolean {
  const x = [...a]
  const y = [...b]
  if (Math.abs(x.length - y.length) > 1 || a === b) return false
  let i = 0
  while (i < x.length && i < y.length && x[i] === y[i]) i++
  if (x.length === y.length) {
    const rest = (from: number) => x.slice(from).join('') === y.slice(from).join('')
    if (rest(i + 1)) return true
    return x[i] === y[i + 1] && x[i + 1] === y[i] && rest(i + 2)
  }
  const [longer, shorter] = x.length > y.length ? [x, y] : [y, x]
  return longer.slice(i + 1).join('') === shorter.slice(i).join('')
}
