/** How far a report's review got, as the queue and the applicant page say it. Browser-safe. */
export function reviewWords(matches: number, reviewed: number, awaiting: number) {
  const base = `${reviewed} of ${matches} ${matches === 1 ? 'match' : 'matches'} reviewed`
  return awaiting > 0 ? `${base}, ${awaiting} awaiting a second analyst` : base
}
