import { problem } from '@/lib/api/problem'
import { gatedRoute } from '@/lib/api/route'

// Any other /api path – a problem+json 404 instead of the HTML not-found page, behind the same
// gate as every endpoint: without a session the answer is 401 whatever the path.
const notFound = gatedRoute(() =>
  problem(404, 'not_found', 'Not found', 'There is no such API endpoint.'),
)

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE }
