import { json } from '@/lib/api/problem'
import { upstreamHealth } from '@/lib/upstream/probe'

// GET /api/health – the app is up; whether the upstream answered the last probe (cached, see
// lib/upstream/probe.ts), how fast, and whether the circuit breaker is holding calls back
export async function GET() {
  return json({ status: 'ok', ...(await upstreamHealth()) })
}
