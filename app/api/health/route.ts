import { json } from '@/lib/api/problem'
import { probeUpstream } from '@/lib/upstream/client'

// GET /api/health – the app is up; whether the upstream answers, and how fast
export async function GET() {
  const upstream = await probeUpstream()
  return json({ status: 'ok', upstream })
}
