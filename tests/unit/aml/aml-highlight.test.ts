import { describe, expect, it } from 'vitest'

import { highlightName, type NameSegment } from '@/lib/aml/highlight'

const marked = (segments: NameSegment[]) => segments.filter((s) => s.match).map((s) => s.text)
const text = (segments: NameSegment[]) => segments.map((s) => s.text).join('')

describe('highlightName', () => {
  it('marks the requested words regardless of case and leaves the others', () => {
    const segments = highlightName('Ivan Sergeyevich Petrov', 'IVAN PETROV')
    expect(marked(segments)).toEqual(['Ivan', 'Petrov'])
    expect(text(segments)).toBe('Ivan Sergeyevich Petrov')
  })

  it('ignores accents, so an unaccented request still finds the name', () => {
    expect(marked(highlightName('Lukas Müller', 'LUKAS MULLER'))).toEqual(['Lukas', 'Müller'])
    expect(marked(highlightName('María José García López', 'maria garcia'))).toEqual([
      'María',
      'García',
    ])
  })

  it('matches Cyrillic, Greek and Arabic names word by word', () => {
    expect(marked(highlightName('Иван Сергеевич Петров', 'ИВАН ПЕТРОВ'))).toEqual([
      'Иван',
      'Петров',
    ])
    // Upper-case Greek has no tonos and no final sigma; the name still matches.
    expect(marked(highlightName('Γεώργιος Παπαδόπουλος', 'ΓΕΩΡΓΙΟΣ ΠΑΠΑΔΟΠΟΥΛΟΣ'))).toEqual([
      'Γεώργιος',
      'Παπαδόπουλος',
    ])
    expect(marked(highlightName('محمد بن خالد الراشد', 'محمد الراشد'))).toEqual(['محمد', 'الراشد'])
  })

  it('matches Chinese and Japanese names character by character, as they have no spaces', () => {
    expect(highlightName('王伟明', '王伟')).toEqual([
      { text: '王伟', match: true },
      { text: '明', match: false },
    ])
    expect(marked(highlightName('田中 浩', '田中'))).toEqual(['田中'])
  })

  it('splits hyphenated names into words and keeps the punctuation unmarked', () => {
    const segments = highlightName('Mohammed Al-Rashid', 'MOHAMMED AL-RASHID')
    expect(marked(segments)).toEqual(['Mohammed', 'Al', 'Rashid'])
    expect(text(segments)).toBe('Mohammed Al-Rashid')
  })

  it('does not mark a word that only contains a requested word', () => {
    expect(marked(highlightName('Alexandra Ivanova', 'ALEXANDER IVAN'))).toEqual([])
  })

  it('returns the name unmarked without a requested name, and nothing for an empty name', () => {
    expect(highlightName('Ivan Petrov', null)).toEqual([{ text: 'Ivan Petrov', match: false }])
    expect(highlightName('', 'IVAN')).toEqual([])
  })
})
