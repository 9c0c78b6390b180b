// Runs inside the page, installed before any of its scripts. Plain JavaScript read as text: tsx
// would wrap named functions in a helper that does not exist in the page.

/** @param {string} selector */
// oxlint-disable-next-line no-unused-vars -- called by the line big-data.ts appends
function installBench(selector) {
  const bench = {
    longTasks: /** @type {{ start: number, duration: number }[]} */ ([]),
    firstCard: /** @type {number | null} */ (null),
  }
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)))

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      bench.longTasks.push({ start: entry.startTime, duration: entry.duration })
  }).observe({ type: 'longtask', buffered: true })

  // Checked every animation frame: the time of the frame in which the first card is on screen.
  const check = () => {
    const rect = document.querySelector(selector)?.getBoundingClientRect()
    if (rect && rect.height > 0 && rect.top < window.innerHeight)
      bench.firstCard = performance.now()
    else requestAnimationFrame(check)
  }
  requestAnimationFrame(check)

  /** @param {number} from */
  const longestTask = (from) =>
    Math.max(0, ...bench.longTasks.slice(from).map((task) => task.duration))

  /** Two screens per two frames (a quick fling), until the end of the page stays put. @param {number} timeoutMs */
  const scrollToEnd = async (timeoutMs) => {
    const deadline = performance.now() + timeoutMs
    const root = document.documentElement
    let steps = 0
    let settled = 0
    while (settled < 8 && performance.now() < deadline) {
      const before = window.scrollY
      window.scrollBy(0, window.innerHeight * 2)
      await frame()
      await frame()
      const atEnd = window.scrollY + window.innerHeight >= root.scrollHeight - 2
      settled = atEnd && window.scrollY === before ? settled + 1 : 0
      steps++
    }
    return { steps, reachedEnd: settled >= 8 }
  }

  /** Records the history page holds now (its status line), and whether it says the history ended. */
  const historyStatus = () => {
    for (const status of document.querySelectorAll('[role="status"]')) {
      const text = status.textContent ?? ''
      const count = /([\d,]+) notifications? loaded/.exec(text)?.[1]
      if (count)
        return {
          held: Number(count.replace(/,/g, '')),
          ended: /End of history|returned no new/.test(text),
        }
    }
    return { held: 0, ended: false }
  }

  const api = {
    get firstCard() {
      return bench.firstCard
    },
    longestTask,
    taskCount: () => bench.longTasks.length,
    scrollToEnd,
    historyStatus,
  }
  Object.assign(window, { __bench: api })
}
