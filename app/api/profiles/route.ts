import type { NextRequest } from 'next/server'

import { firstIssue, profileListParams, searchParamsObject } from '@/lib/api/params'
import { problem, respond } from '@/lib/api/problem'
import { listProfiles } from '@/lib/upstream/client'

// GET /api/profiles?page=&limit= – one page of verification profiles (page counts from 0)
export function GET(request: NextRequest) {
  const params = profileListParams.safeParse(searchParamsObject(request.nextUrl.searchParams))
  if (!params.success)
    return problem(400, 'bad_parameter', 'Bad parameter', firstIssue(params.error))
  return respond(() => listProfiles(params.data))
}
