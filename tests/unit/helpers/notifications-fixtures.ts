import { randomUUID } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

import type { Kysely } from 'kysely'
import { SMTPServer } from 'smtp-server'

import type { NotifySettings } from '@/lib/notifications/settings'
import type { Database } from '@/lib/store/schema'

/* Real receivers for the notification tests: an SMTP server and an HTTP listener on 127.0.0.1. */

export type Mail = { from: string; to: string[]; raw: string }

export async function startSmtp(login = { user: 'verity', pass: 'smtp-pass-Zq81' }) {
  const mails: Mail[] = []
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === login.user && auth.password === login.pass) {
        return callback(null, { user: auth.username })
      }
      return callback(new Error('Invalid username or password'))
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://${login.user}:${login.pass}@127.0.0.1:${port}`,
    port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type Received = { path: string; headers: IncomingHttpHeaders; body: string }

/** Answers each POST with `status(path)`; a status of 0 never answers (a hanging channel). */
export async function startHttp(status: (path: string) => number = () => 200) {
  const received: Received[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = request.url ?? '/'
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString() })
      const code = status(path)
      if (code === 0) return
      response.writeHead(code).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export const WEBHOOK_SECRET = `whsec_${'5e'.repeat(24)}`

export function settingsWith(overrides: Partial<NotifySettings>): NotifySettings {
  return {
    smtpUrl: null,
    from: null,
    teamEmail: null,
    slackUrl: null,
    webhookUrl: null,
    webhookSecret: null,
    dueSoonHours: 4,
    sweepSeconds: 15,
    maxLagSeconds: 300,
    appUrl: 'https://verity.example.com',
    ...overrides,
  }
}

/** Every channel on: the team's e-mail through `smtpUrl`, Slack and the webhook at `httpUrl`. */
export function allChannels(smtpUrl: string, httpUrl: string): NotifySettings {
  return settingsWith({
    smtpUrl,
    from: 'verity@example.com',
    teamEmail: 'aml-team@example.com',
    slackUrl: `${httpUrl}/slack`,
    webhookUrl: `${httpUrl}/hook`,
    webhookSecret: WEBHOOK_SECRET,
  })
}

/** Waits until `check` holds, polling; fails with `what` after `ms`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`timed out waiting for ${what}`)
}

type Db = Kysely<Database>

/** A screening record and its case, as the mirror makes them; returns the case's id. */
export async function seedCase(
  db: Db,
  {
    risk = 'High',
    name = 'Maria Testperson',
    externalId = null,
    owner = null,
    dueAt = new Date(Date.now() + 24 * 3_600_000),
    createdAt = new Date(),
  }: {
    risk?: 'High' | 'Medium'
    name?: string
    externalId?: string | null
    owner?: string | null
    dueAt?: Date
    createdAt?: Date
  } = {},
): Promise<number> {
  const recordId = randomUUID()
  const searchId = randomUUID()
  await db
    .insertInto('history_records')
    .values({
      id: recordId,
      event_type: 'AML_SCREENING',
      search_uuid: searchId,
      risk,
      match_count: 2,
      requested_name: name,
      external_id: externalId,
      at: createdAt,
      payload_state: 'ok',
      error_codes: [],
      first_seen_at: createdAt,
      updated_at: createdAt,
    })
    .execute()
  const made = await db
    .insertInto('cases')
    .values({
      kind: 'screening',
      resource_type: 'aml_search',
      resource_id: searchId,
      record_id: recordId,
      applicant_id: null,
      risk,
      priority: risk === 'High' ? 3 : 1,
      state: owner ? 'in_review' : 'open',
      owner_id: owner,
      owner_label: owner ? 'Ana' : null,
      due_at: dueAt,
      snoozed_until: null,
      outcome: null,
      close_reason: null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return made.id
}

/** A lead's assignment of a case (or Verity's, `by` SYSTEM_ID), as the case's log records it. */
export async function seedAssignment(
  db: Db,
  caseId: number,
  to: string,
  by = 'https://idp.test lead',
) {
  await db
    .insertInto('case_events')
    .values({
      case_id: caseId,
      kind: 'assigned',
      analyst_id: by,
      user_label: 'Lea',
      from_state: 'open',
      to_state: 'open',
      owner_id: to,
      owner_label: 'Ana',
      outcome: null,
      reason: 'assigned to Ana',
      until: null,
      at: new Date(),
    })
    .execute()
}

/** A signed-in session of an analyst, which is where their e-mail address comes from. */
export async function seedSession(db: Db, analystId: string, email: string) {
  const now = new Date()
  await db
    .insertInto('sessions')
    .values({
      id: randomUUID(),
      user_label: email,
      analyst_id: analystId,
      viewer: JSON.stringify({
        iss: 'https://idp.test',
        sub: 'ana',
        email,
        name: 'Ana',
        groups: [],
      }),
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + 3_600_000),
      checked_at: now,
      provider_tokens: null,
    })
    .execute()
}
