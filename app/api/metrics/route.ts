import { metricsAnswer } from '@/lib/metrics/endpoint'

export const dynamic = 'force-dynamic'

// GET /api/metrics – Prometheus metrics for a scraper holding METRICS_TOKEN; 404 when it is unset
// (docs/operations.md#watching-it)
export function GET(request: Request) {
  return metricsAnswer(request)
}
