import { firstIssue, shortIdParam } from '@/lib/api/params'
import { problem, respond } from '@/lib/api/problem'
import { getVerificationByShortId } from '@/lib/upstream/client'

// GET /api/verifications/short/{short_id} – a verification by its short id (verification_url_id)
export async function GET(
  _request: Request,
  ctx: RouteContext<'/api/verifications/short/[short_id]'>,
) {
  const id = shortIdParam.safeParse((await ctx.params).short_id)
  if (!id.success) return problem(400, 'bad_parameter', 'Bad parameter', firstIssue(id.error))
  return respond(() => getVerificationByShortId(id.data))
}
