/** One row of the search panel: a link or button, highlighted on hover and keyboard focus alike. */
export const optionClass =
  'flex w-full items-center gap-2 rounded px-2 py-1 text-left text-sm hover:bg-subtle focus-visible:bg-subtle'
