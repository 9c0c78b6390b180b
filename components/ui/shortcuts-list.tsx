const shortcuts: { keys: string[]; action: string }[] = [
  { keys: ['/'], action: 'Search: paste an id or URL' },
  { keys: ['Ctrl', 'K'], action: 'Search, also while typing (⌘ K on a Mac)' },
  { keys: ['j'], action: 'Next row or card' },
  { keys: ['k'], action: 'Previous row or card' },
  { keys: ['Enter'], action: 'Open the focused row, or expand the focused card' },
  { keys: ['Esc'], action: 'Close a panel or dialog' },
  { keys: ['?'], action: 'Show these shortcuts' },
]

/** The console's keyboard shortcuts, as a definition list of keys and what they do. */
export function ShortcutsList() {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
      {shortcuts.map((shortcut) => (
        <div key={shortcut.action} className="contents">
          <dt className="flex items-start gap-1">
            {shortcut.keys.map((key) => (
              <kbd
                key={key}
                className="min-w-6 rounded border border-zinc-300 bg-zinc-50 px-1.5 text-center font-sans text-xs leading-5 dark:border-zinc-600 dark:bg-zinc-800"
              >
                {key}
              </kbd>
            ))}
          </dt>
          <dd className="text-zinc-700 dark:text-zinc-300">{shortcut.action}</dd>
        </div>
      ))}
    </dl>
  )
}
