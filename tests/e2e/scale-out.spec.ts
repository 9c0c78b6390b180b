import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { expect, test } from '@playwright/test'

import { sealSession } from '@/lib/auth/session-seal'
import { SESSION_COOKIE } from '@/lib/auth/session-cookie'
import { exampleIds } from '@/lib/demo/example-ids'
import { startSimulator, type Simulator } from '@/simulator/server'

import { freePort } from '@/scripts/free-port'
import { auditLines } from '@/tests/support/audit-file'

/*
 * Two standalone instances behind nginx (Debian's package, started here on loopback): requests
 * spread over both, one session cookie works on either (sessions are stateless), and stopping an
 * instance mid-use costs the analyst nothing but a retried request.
 */

const NGINX = '/usr/sbin/nginx'
const KEY = 'scale-out-key'
const SECRET = 'scale-out-session-secret-0123456789-abcdefghij'
const dist = process.env.NEXT_DIST_DIR ?? '.next'
// Made in beforeAll: the runner also loads this file (to list its tests) in a process that runs
// no hooks, and a directory made at load time there would never be removed.
let work = ''

type Instance = { port: number; child: ChildProcess; auditFile: string }
let sim: Simulator
let instances: Instance[] = []
let nginx: ChildProcess | undefined
let base = ''
let cookie = ''

test.describe.configure({ mode: 'serial' })
test.skip(!existsSync(NGINX), 'nginx is not installed (.ci/run installs it)')

async function waitFor(url: string) {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${url} did not answer`)
}

async function startInstance(index: number): Promise<Instance> {
  const port = await freePort()
  const auditFile = join(work, `audit-${index}.log`)
  const child = spawn(process.execPath, [join(dist, 'standalone', 'server.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOSTNAME: '127.0.0.1',
      DS_API_BASE_URL: sim.url,
      DS_API_KEY: KEY,
      AUTH_DISABLED: 'false',
      OIDC_ISSUER: 'http://127.0.0.1:9/unused-until-sign-in',
      OIDC_CLIENT_ID: 'verity',
      OIDC_CLIENT_SECRET: 'not-used-here',
      SESSION_SECRET: SECRET,
      AUTH_ALLOWED_EMAIL_DOMAINS: 'verity.test',
      AUDIT_LOG_FILE: auditFile,
    },
    stdio: 'ignore',
  })
  await waitFor(`http://127.0.0.1:${port}/api/health`)
  return { port, child, auditFile }
}

test.beforeAll(async () => {
  test.setTimeout(120_000)
  work = mkdtempSync(join(tmpdir(), 'verity-scale-'))
  sim = await startSimulator({ apiKey: KEY })
  instances = [await startInstance(1), await startInstance(2)]
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
  const sealed = await sealSession(
    { sub: 'analyst-1', email: 'ana@verity.test', name: 'Ana Analyst', groups: [] },
    { secret: SECRET, maxAgeSeconds: 3600 },
  )
  cookie = `${SESSION_COOKIE}=${sealed}`
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
  // The audit logs and nginx's files hold nothing needed after the run.
  if (work) rmSync(work, { recursive: true, force: true })
})

test('requests through nginx are spread over both instances', async () => {
  for (let i = 0; i < 12; i++) {
    const response = await fetch(`${base}/api/profiles?limit=1`, { headers: { cookie } })
    expect(response.status).toBe(200)
  }
  // Each instance audits the views it served in its own log.
  for (const instance of instances) expect(auditLines(instance.auditFile).length).toBeGreaterThan(0)
})

test('one session works on either instance, and no session is refused on both', async () => {
  for (const instance of instances) {
    const direct = `http://127.0.0.1:${instance.port}/api/profiles/${exampleIds.defaultProfileId}`
    expect((await fetch(direct, { headers: { cookie } })).status).toBe(200)
    expect((await fetch(direct)).status).toBe(401)
  }
})

test('stopping an instance mid-use loses nothing for the analyst', async ({ page, context }) => {
  const { hostname } = new URL(base)
  await context.addCookies([
    {
      name: SESSION_COOKIE,
      value: cookie.split('=').slice(1).join('='),
      domain: hostname,
      path: '/',
    },
  ])
  await page.goto(`${base}/profiles?page=1&limit=10`)
  await expect(page.getByRole('table')).toBeVisible()
  const first = instances[0]
  if (!first) throw new Error('no instance')
  first.child.kill('SIGKILL')
  for (let i = 0; i < 6; i++) {
    const response = await fetch(`${base}/api/profiles?page=${i}&limit=10`, { headers: { cookie } })
    expect(response.status).toBe(200)
  }
  await page.goto(`${base}/verifications/${exampleIds.errorsShortId}`)
  // The verification itself, not the page around an error that names its id.
  await expect(page.getByRole('region', { name: 'Lifecycle' })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'Try again' })).toHaveCount(0)
})
