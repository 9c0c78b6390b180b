import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { expect, test, type BrowserContext } from '@playwright/test'

import { SESSION_COOKIE } from '@/lib/auth/session-cookie'
import { exampleIds } from '@/lib/demo/example-ids'
import { parseToken } from '@/lib/projection/masked-token'
import { startSimulator, type Simulator } from '@/simulator/server/server'

import { freePort } from '@/tools/harness/free-port'
import { auditLinesOf } from '@/tests/e2e/support/audit-lines'
import { startOidcProvider, type OidcServer } from '@/tools/harness/oidc-provider'
import { postgresBin, startPostgres, type Postgres } from '@/tools/harness/postgres'
import { signInAs } from '@/tools/harness/sign-in'

/*
 * Two standalone instances on one PostgreSQL server (a cluster this file makes with initdb) behind
 * nginx (Debian's package, started here on loopback), with sign-in on. Requests spread over both;
 * a session started on one works on the other and ends on both when signed out on either; views
 * served by both make one audit chain that verifies; one instance's Activity panel shows what was
 * done on the other; and stopping an instance mid-use costs the analyst nothing but a retried
 * request.
 */

const NGINX = '/usr/sbin/nginx'
const KEY = 'scale-out-key'
const SECRET = 'scale-out-session-secret-0123456789-abcdefghij'
const AUDIT_HMAC_KEY = 'scale-out-audit-hmac-key-0123456789-abcdefghij'
const dist = process.env.NEXT_DIST_DIR ?? '.next'
const shortId = exampleIds.shortIds.verified
// Made in beforeAll: the runner also loads this file (to list its tests) in a process that runs
// no hooks, and a directory made at load time there would never be removed.
let work = ''

type Instance = { port: number; url: string; child: ChildProcess; output: () => string }
let sim: Simulator
let postgres: Postgres | undefined
let provider: OidcServer | undefined
let instances: Instance[] = []
let nginx: ChildProcess | undefined
let base = ''

test.describe.configure({ mode: 'serial' })
test.skip(!existsSync(NGINX), 'nginx is not installed (.ci/run installs it)')
test.skip(!postgresBin(), 'PostgreSQL is not installed (.ci/run installs it)')

async function waitFor(url: string, child?: ChildProcess, output?: () => string) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`exited early:\n${output?.()}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${url} did not answer`)
}

function spawnInstance(port: number, env: Record<string, string> = {}) {
  let output = ''
  const child = spawn(process.execPath, [join(dist, 'standalone', 'server.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOSTNAME: '127.0.0.1',
      DS_API_BASE_URL: sim.url,
      DS_API_KEY: KEY,
      AUTH_DISABLED: 'false',
      OIDC_ISSUER: provider?.issuer ?? 'http://127.0.0.1:9/unused',
      OIDC_CLIENT_ID: provider?.clientId ?? 'verity',
      OIDC_CLIENT_SECRET: provider?.clientSecret ?? 'unused',
      SESSION_SECRET: SECRET,
      AUTH_ALLOWED_EMAIL_DOMAINS: 'verity.test',
      AUDIT_HMAC_KEY,
      DATABASE_URL: postgres?.url ?? '',
      // nginx, on loopback, is the proxy whose forwarding headers are believed.
      TRUSTED_PROXIES: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return { child, output: () => output }
}

async function startInstance(port: number): Promise<Instance> {
  const { child, output } = spawnInstance(port)
  const url = `http://127.0.0.1:${port}`
  await waitFor(`${url}/api/health`, child, output)
  return { port, url, child, output }
}

test.beforeAll(async () => {
  test.setTimeout(180_000)
  work = mkdtempSync(join(tmpdir(), 'verity-scale-'))
  postgres = await startPostgres()
  sim = await startSimulator({ apiKey: KEY })
  const ports = [await freePort(), await freePort()]
  provider = await startOidcProvider(`http://127.0.0.1:${ports[0]}/auth/callback`)
  // Both at once on an empty database: their migrations must take turns.
  instances = await Promise.all(ports.map((port) => startInstance(port)))
  const port = await freePort()
  const conf = join(work, 'nginx.conf')
  writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/error.log;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  upstream verity {
${instances.map((i) => `    server 127.0.0.1:${i.port} max_fails=1 fail_timeout=10s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://verity;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-Proto $scheme;
      # GETs are safe to repeat: a request that hits a stopped instance goes to the other.
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`,
  )
  nginx = spawn(NGINX, ['-c', conf, '-p', work], { stdio: 'ignore' })
  base = `http://127.0.0.1:${port}`
  await waitFor(`${base}/api/health`)
})

/** Ends a process this file started and waits until it has gone. */
function end(child: ChildProcess) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined)
    child.once('exit', resolve)
    child.kill('SIGTERM')
  })
}

test.afterAll(async () => {
  await Promise.all([...(nginx ? [end(nginx)] : []), ...instances.map(({ child }) => end(child))])
  await sim?.close()
  await provider?.stop()
  postgres?.stop()
  // nginx's files hold nothing needed after the run.
  if (work) rmSync(work, { recursive: true, force: true })
})

/** Signs in on the first instance (the provider knows its redirect URI); the cookie header. */
async function signIn(context: BrowserContext) {
  const page = await context.newPage()
  await page.goto(`${instances[0]?.url}/profiles`)
  await signInAs(page, 'ana')
  await page.close()
  const session = (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE)
  if (!session) throw new Error('no session cookie after sign-in')
  return `${SESSION_COOKIE}=${session.value}`
}

/** Runs `count` tasks, `concurrency` at a time. */
async function pooled(count: number, concurrency: number, task: (index: number) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++)
    }),
  )
}

let cookie = ''

test('requests through nginx are spread over both instances', async ({ context }) => {
  cookie = await signIn(context)
  for (let i = 0; i < 12; i++) {
    const response = await fetch(`${base}/api/profiles?limit=1`, { headers: { cookie } })
    expect(response.status).toBe(200)
  }
  for (const instance of instances) {
    expect(
      auditLinesOf(instance.output()).filter((line) => line.action === 'view').length,
    ).toBeGreaterThan(0)
  }
})

test('one session works on either instance, and no session is refused on both', async () => {
  for (const instance of instances) {
    const direct = `${instance.url}/api/profiles/${exampleIds.defaultProfileId}`
    expect((await fetch(direct, { headers: { cookie } })).status).toBe(200)
    expect((await fetch(direct)).status).toBe(401)
  }
})

test('a few hundred concurrent views over both instances make one chain that verifies', async () => {
  test.setTimeout(120_000)
  const statuses: number[] = []
  await pooled(300, 24, async (index) => {
    const instance = instances[index % 2]!
    const response = await fetch(`${instance.url}/api/verifications/short/${shortId}`, {
      headers: { cookie },
    })
    statuses.push(response.status)
    await response.arrayBuffer()
  })
  expect(statuses.filter((status) => status === 200)).toHaveLength(300)

  // Each instance printed the rows it appended as they committed, its writer numbering them with
  // no gap; the sequencers sealed them all into one chain that verifies.
  await expect
    .poll(() => instances.flatMap((instance) => auditLinesOf(instance.output())).length)
    .toBeGreaterThanOrEqual(300)
  const perInstance = instances.map((instance) => auditLinesOf(instance.output()))
  for (const lines of perInstance) {
    expect(lines.length).toBeGreaterThan(150)
    const byWriter = Map.groupBy(lines, (line) => line.writer)
    for (const numbers of byWriter.values()) {
      expect(numbers.map((line) => line.writerSeq)).toEqual(numbers.map((_, index) => index + 1))
    }
  }
  const printed = perInstance.flat().length
  const verify = () =>
    spawnSync(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', 'scripts/audit-verify.ts'],
      { encoding: 'utf8', env: { ...process.env, DATABASE_URL: postgres?.url, AUDIT_HMAC_KEY } },
    )
  await expect
    .poll(() => Number(/^OK: (\d+) rows, chain intact/.exec(verify().stdout)?.[1] ?? 0), {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(printed)
  expect(verify().status).toBe(0)
})

test('the Activity panel on one instance lists a reveal made on the other', async ({ page }) => {
  const [a, b] = instances
  // The reveal asks for one masked value by the reference the projected record carries.
  const view = await fetch(`${a!.url}/api/verifications/short/${shortId}`, { headers: { cookie } })
  const documentNumber = ((await view.json()) as { poi_data: { document_number: string } }).poi_data
    .document_number
  const ref = parseToken(documentNumber)?.ref
  expect(ref).toBeTruthy()
  const reveal = await fetch(`${a!.url}/api/reveal`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: a!.url },
    body: JSON.stringify({ ref }),
  })
  expect(reveal.status).toBe(200)
  await page
    .context()
    .addCookies([
      { name: SESSION_COOKIE, value: cookie.split('=').slice(1).join('='), url: b!.url },
    ])
  await page.goto(`${b!.url}/verifications/${shortId}`)
  const activity = page.getByRole('region', { name: 'Activity' })
  await expect(activity).toContainText('Revealed document number')
  await expect(activity).toContainText('ana@verity.test')
})

test('a decision recorded through one instance is returned by the other', async () => {
  const [a, b] = instances
  const searchId = exampleIds.amlRichId
  const report = await fetch(`${a!.url}/api/aml/search/history/${searchId}`, {
    headers: { cookie },
  })
  const matchUuid = ((await report.json()) as { data: { uuid: string }[] }).data[0]?.uuid
  expect(matchUuid).toBeTruthy()
  const reason = `Different date of birth and nationality (${Date.now()})`
  const posted = await fetch(`${a!.url}/api/aml/${searchId}/decisions`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: a!.url },
    body: JSON.stringify({ matchUuid, decision: 'false_positive', action: 'set', reason }),
  })
  expect(posted.status).toBe(200)
  const decisions = await fetch(`${b!.url}/api/aml/${searchId}/decisions`, {
    headers: { cookie },
  })
  expect(decisions.status).toBe(200)
  const { matches } = (await decisions.json()) as {
    matches: Record<string, { state: { status: string; entry: { reason: string; user: string } } }>
  }
  expect(matches[matchUuid!]?.state).toMatchObject({
    status: 'decided',
    entry: { reason, user: 'ana@verity.test' },
  })
})

test('a store that cannot be opened stops an instance, naming the cause', async () => {
  const { child, output } = spawnInstance(await freePort(), {
    DATABASE_URL: 'postgres://verity@127.0.0.1:1/verity',
  })
  const code = await new Promise((resolve) => child.once('exit', resolve))
  expect(code).toBe(1)
  expect(output()).toContain(
    'Cannot open the store (DATABASE_URL postgres://verity@127.0.0.1:1/verity)',
  )
  expect(output()).toContain('ECONNREFUSED')
})

test('signing out on one instance ends the session on the other within a second', async () => {
  const [a, b] = instances
  const profile = `/api/profiles/${exampleIds.defaultProfileId}`
  // Twice: the second is answered from the row instance a keeps for a few seconds.
  for (let i = 0; i < 2; i++) {
    expect((await fetch(`${a!.url}${profile}`, { headers: { cookie } })).status).toBe(200)
  }
  const out = await fetch(`${b!.url}/auth/sign-out`, {
    method: 'POST',
    // As the browser sends it from Verity's own sign-out form.
    headers: { cookie, 'sec-fetch-site': 'same-origin' },
    redirect: 'manual',
  })
  const signedOut = performance.now()
  expect(out.status).toBe(303)
  expect((await fetch(`${b!.url}${profile}`, { headers: { cookie } })).status).toBe(401)
  // Instance a hears of the end from the database (LISTEN/NOTIFY, lib/auth/session-ends.ts).
  await expect
    .poll(async () => (await fetch(`${a!.url}${profile}`, { headers: { cookie } })).status, {
      intervals: [10],
      timeout: 1_000,
    })
    .toBe(401)
  expect(performance.now() - signedOut).toBeLessThan(1_000)
  expect(auditLinesOf(b!.output())).toContainEqual(
    expect.objectContaining({ action: 'sign_out', user: 'ana@verity.test' }),
  )
})

test('stopping an instance mid-use loses nothing for the analyst', async ({ page, context }) => {
  const session = await signIn(context)
  await page.goto(`${base}/profiles?page=1&limit=10`)
  await expect(page.getByRole('table')).toBeVisible()
  const first = instances[0]
  if (!first) throw new Error('no instance')
  first.child.kill('SIGKILL')
  for (let i = 0; i < 6; i++) {
    const response = await fetch(`${base}/api/profiles?page=${i}&limit=10`, {
      headers: { cookie: session },
    })
    expect(response.status).toBe(200)
  }
  await page.goto(`${base}/verifications/${exampleIds.errorsShortId}`)
  // The verification itself, not the page around an error that names its id.
  await expect(page.getByRole('region', { name: 'Lifecycle' })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'Try again' })).toHaveCount(0)
})
