import { json } from '@/lib/api/problem'
import { readMirrorHealth } from '@/lib/history-mirror/health'
import { upstreamHealth } from '@/lib/upstream/probe'

// GET /api/health – the app is up; whether the upstream answered the last probe (cached, see
// lib/upstream/probe.ts), how fast, and whether the circuit breaker is holding calls back; and the
// history mirror (lib/history-mirror/health.ts): `degraded` once it is behind past
// HISTORY_MAX_LAG_SECONDS or its state cannot be read. Still 200: the instance itself serves.
export async function GET() {
  const [upstream, mirror] = await Promise.all([upstreamHealth(), readMirrorHealth()])
  const degraded = mirror === null || mirror.degraded
  return json({ status: degraded ? 'degraded' : 'ok', ...upstream, mirror })
}
