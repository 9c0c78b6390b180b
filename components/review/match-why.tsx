import type { MatchWhyView } from '@/lib/review/compare'

/**
 * Why a match is a hit and where it conflicts with the subject, readable on the collapsed card:
 * the one sentence, led by its verdict, and which words of the name matched which name.
 */
export function MatchWhy({ comparison }: { comparison: MatchWhyView }) {
  const verdict = comparison.overall
  return (
    <div className="space-y-0.5 text-xs">
      <p className="flex items-baseline gap-1.5">
        <span
          className={`shrink-0 rounded px-1 py-px text-[11px] font-semibold ring-1 ring-inset ${verdictTones[verdict]}`}
        >
          {verdictWords[verdict]}
        </span>
        <span className="text-zinc-800 dark:text-zinc-200">{comparison.sentence}</span>
      </p>
      <NameWords pairs={comparison.pairs} unmatched={comparison.unmatched} />
    </div>
  )
}

type Overall = MatchWhyView['overall']

const verdictWords: Record<Overall, string> = {
  conflicts: 'Conflicts',
  fits: 'No conflict',
  unknown: 'Name only',
}

const verdictTones: Record<Overall, string> = {
  conflicts:
    'bg-red-50 text-red-800 ring-red-300 dark:bg-red-950 dark:text-red-200 dark:ring-red-800',
  fits: 'bg-emerald-50 text-emerald-800 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800',
  unknown: 'bg-subtle text-zinc-700 ring-zinc-300 dark:text-zinc-200 dark:ring-zinc-700',
}

/** Each word of the subject's name and the match's word it met: equal, one edit apart, or none. */
function NameWords({ pairs, unmatched }: Pick<MatchWhyView, 'pairs' | 'unmatched'>) {
  if (pairs.length === 0 && unmatched.length === 0) return null
  return (
    <p className="text-muted">
      <span className="sr-only">Name words: </span>
      {pairs.map((pair, index) => (
        <span key={`${pair.subjectWord}-${index}`} className="mr-2 inline-block">
          <span className="text-zinc-800 dark:text-zinc-200">{pair.subjectWord}</span>
          {pair.close ? ' ≈ ' : ' = '}
          <span>
            {pair.matchWord}
            {pair.lang && <span className="text-faint"> ({pair.lang})</span>}
          </span>
        </span>
      ))}
      {unmatched.map((word) => (
        <span key={word} className="mr-2 inline-block" title="No name of the match has this word">
          <span className="line-through decoration-zinc-400">{word}</span> not in the match
        </span>
      ))}
    </p>
  )
}
