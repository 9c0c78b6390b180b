import { firstIssue, profileIdParam } from '@/lib/api/params'
import { problem, respond } from '@/lib/api/problem'
import { getProfile } from '@/lib/upstream/client'

// GET /api/profiles/{profile_id} – one verification profile
export async function GET(_request: Request, ctx: RouteContext<'/api/profiles/[profile_id]'>) {
  const id = profileIdParam.safeParse((await ctx.params).profile_id)
  if (!id.success) return problem(400, 'bad_parameter', 'Bad parameter', firstIssue(id.error))
  return respond(() => getProfile(id.data))
}
