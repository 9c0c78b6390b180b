import { profileListParams } from '@/lib/api/params'
import { readRoute } from '@/lib/api/route'
import { viewProfilePage } from '@/lib/profiles/views'

// GET /api/profiles?page=&limit= – one page of verification profiles (page counts from 0)
export const GET = readRoute(profileListParams, viewProfilePage)
