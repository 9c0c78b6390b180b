import { problem } from '@/lib/api/problem'

// Any other /api path – a problem+json 404 instead of the HTML not-found page
function notFound() {
  return problem(404, 'not_found', 'Not found', 'There is no such API endpoint.')
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE }
