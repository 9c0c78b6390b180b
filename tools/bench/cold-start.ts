import type { StartedNext } from '@/tools/bench/processes'
import { budget, ms, type SectionResult } from '@/tools/bench/report'

/*
 * Cold start: from spawning `next start` to its first page. The run's own server gives the first
 * start on an empty store (to its health route: nobody can be signed in yet; it answers without
 * the store, so the store's own "ready" time is printed beside it); then it is stopped
 * and a new process is started on the same store and port, and the home page is asked for with
 * the run's session every 20 ms: the restart a deployment or a crash makes, which the budget is on.
 */

const LIMIT_MS = 3_000

export async function measureColdStart(
  app: StartedNext,
  restart: (firstPage: { path: string; cookie: string }) => Promise<StartedNext>,
  cookie: string,
  store: string,
): Promise<{ result: SectionResult; restarted: StartedNext }> {
  await app.stop()
  const restarted = await restart({ path: '/', cookie })
  return {
    restarted,
    result: {
      key: 'coldStart',
      tables: [
        {
          title: `7. Cold start (${store}): process start to first answer`,
          head: ['start', 'answered', 'time', 'store ready at (its uptime)'],
          rows: [
            [
              'first start, empty store',
              '/api/health',
              ms(app.readyMs),
              ms(app.storeReadyMs ?? NaN),
            ],
            [
              'restart on the same store',
              'home page, signed in',
              ms(restarted.readyMs),
              ms(restarted.storeReadyMs ?? NaN),
            ],
          ],
        },
      ],
      budgets: [
        budget(
          `a restarted instance serves its first page (${store})`,
          restarted.readyMs,
          '≤',
          LIMIT_MS,
          'ms',
        ),
      ],
      data: { firstStartMs: app.readyMs, restartMs: restarted.readyMs, store },
    },
  }
}
