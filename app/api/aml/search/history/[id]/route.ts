import { amlSearchIdParam, firstIssue } from '@/lib/api/params'
import { problem, respond } from '@/lib/api/problem'
import { getAmlSearch } from '@/lib/upstream/client'

// GET /api/aml/search/history/{id} – the stored result of an AML search
export async function GET(_request: Request, ctx: RouteContext<'/api/aml/search/history/[id]'>) {
  const id = amlSearchIdParam.safeParse((await ctx.params).id)
  if (!id.success) return problem(400, 'bad_parameter', 'Bad parameter', firstIssue(id.error))
  return respond(() => getAmlSearch(id.data))
}
