import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http'

export type RawResponse = { status: number; headers: Record<string, string>; body: string }

/**
 * A request sent with its path exactly as written: URL classes (and Playwright's request fixture)
 * resolve `..` and `%2e%2e` before sending, which would hide what a hostile client can send.
 */
export function rawRequest(
  base: string,
  path: string,
  options: { method?: string; headers?: OutgoingHttpHeaders } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(base)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname, port, path, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => {
          const headers: Record<string, string> = {}
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
          }
          resolve({ status: res.statusCode ?? 0, headers, body })
        })
      },
    )
    req.on('error', reject)
    req.end()
  })
}
