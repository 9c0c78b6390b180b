/**
 * One localStorage key as an external store for `useSyncExternalStore`: a write notifies this
 * tab's subscribers, the `storage` event those of other tabs (`onOtherTab` runs first, for side
 * effects such as the theme class). Storage can be disabled: reads then give null, and a choice
 * lasts until the page is left.
 */
export function storageStore(key: string, onOtherTab?: () => void) {
  const listeners = new Set<() => void>()
  return {
    read: (): string | null => {
      try {
        return localStorage.getItem(key)
      } catch {
        return null
      }
    },
    write: (value: string | null) => {
      try {
        if (value === null) localStorage.removeItem(key)
        else localStorage.setItem(key, value)
      } catch {
        // Disabled storage: subscribers still hear of the change.
      }
      listeners.forEach((notify) => notify())
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      const onStorage = (event: StorageEvent) => {
        if (event.key !== key && event.key !== null) return
        onOtherTab?.()
        listener()
      }
      window.addEventListener('storage', onStorage)
      return () => {
        listeners.delete(listener)
        window.removeEventListener('storage', onStorage)
      }
    },
  }
}
