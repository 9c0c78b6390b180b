import 'server-only'

import pg from 'pg'

import { forget, type SessionRows } from './session-store'

/*
 * How an instance on a shared PostgreSQL server hears that a session ended anywhere: a connection
 * of its own (outside the pool, which it would otherwise hold for good) LISTENs on the channel the
 * sessions table notifies when a row ends or goes (migration 0027), and each notice drops that row
 * from the instance's copy (`rows`). The copy is trusted only while the connection listens: until
 * LISTEN has answered, and from the moment the connection fails until it listens again, nothing is
 * kept and every request reads the table, as before the copy existed. A notice is delivered when
 * the change commits, so another instance refuses the session within the notice's trip
 * (milliseconds), not after the copy's few seconds.
 */

export const SESSION_ENDS_CHANNEL = 'verity_session_ends'

const RETRY_MS = 1_000

/** Listens with connections made like `pool`'s until `stop`; `rows.hearing` says whether it does. */
export function listenForSessionEnds(pool: pg.Pool, rows: SessionRows) {
  let stopped = false
  let client: pg.Client | null = null
  let retry: ReturnType<typeof setTimeout> | undefined

  const again = () => {
    if (stopped) return
    retry = setTimeout(() => void listen(), RETRY_MS)
    retry.unref()
  }

  const deaf = (lost: pg.Client) => {
    if (client !== lost) return
    client = null
    rows.hearing = false
    forget(rows)
    void lost.end().catch(() => undefined)
    again()
  }

  async function listen() {
    const connecting = new pg.Client(pool.options)
    client = connecting
    connecting.on('notification', (message) => {
      if (message.channel !== SESSION_ENDS_CHANNEL) return
      // Empty: the whole table went (a truncate).
      forget(rows, message.payload || undefined)
    })
    connecting.on('error', () => deaf(connecting))
    connecting.on('end', () => deaf(connecting))
    try {
      await connecting.connect()
      await connecting.query(`listen ${SESSION_ENDS_CHANNEL}`)
    } catch {
      deaf(connecting)
      return
    }
    if (client !== connecting) return
    // Rows kept before this moment may have ended unheard: the copy starts empty.
    forget(rows)
    rows.hearing = true
  }

  const started = listen()
  return {
    /** Settles once the first attempt to listen has (tests wait for it). */
    started,
    stop: async () => {
      stopped = true
      clearTimeout(retry)
      rows.hearing = false
      forget(rows)
      const held = client
      client = null
      await held?.end().catch(() => undefined)
    },
  }
}
