import { json } from '@/lib/api/problem'
import { readSealHealth } from '@/lib/audit/unsealed'
import { readMirrorHealth } from '@/lib/history-mirror/health'
import { upstreamHealth } from '@/lib/upstream/probe'

// GET /api/health – the app is up; whether the upstream answered the last probe (cached, see
// lib/upstream/probe.ts), how fast, and whether the circuit breaker is holding calls back; the
// history mirror (lib/history-mirror/health.ts): `degraded` once it is behind past
// HISTORY_MAX_LAG_SECONDS or its state cannot be read; and the audit trail's sealing
// (lib/audit/unsealed.ts): `degraded` once a committed row waits past ten times AUDIT_SEAL_MS, with
// the reason in `audit.reason`. Still 200: the instance itself serves.
export async function GET() {
  const [upstream, mirror, audit] = await Promise.all([
    upstreamHealth(),
    readMirrorHealth(),
    readSealHealth(),
  ])
  const degraded = mirror === null || mirror.degraded || audit === null || audit.degraded
  return json({
    status: degraded ? 'degraded' : 'ok',
    ...upstream,
    mirror,
    audit: audit ?? { degraded: true, reason: 'the audit trail could not be read' },
  })
}
