import { json } from '@/lib/api/problem'

// Rendered per request, never prerendered: the benchmark measures this handler as the framework's
// ceiling, so it must do everything an upstream-backed handler does except the upstream call.
export const dynamic = 'force-dynamic'

// GET /api/ping – a fixed `{ "status": "ok" }` without any upstream call (liveness probe)
export function GET() {
  return json({ status: 'ok' })
}
