import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/*
 * An OTLP/HTTP trace receiver on 127.0.0.1 for tests: it keeps each export it is sent (path,
 * content type, body) and answers as a collector does. `spans` decodes the JSON encoding
 * (http/json); a protobuf body (http/protobuf) is kept as bytes, whose strings can be looked for.
 */

export type OtlpSpan = {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  attributes: Record<string, unknown>
}

export type OtlpReceiver = {
  url: string
  exports: { path: string; contentType: string; body: Buffer }[]
  /** Every span of every http/json export, with the resource's service name. */
  spans: () => (OtlpSpan & { service: string })[]
  close: () => Promise<void>
}

type JsonValue = {
  stringValue?: string
  intValue?: string | number
  boolValue?: boolean
  doubleValue?: number
}
type JsonAttribute = { key: string; value: JsonValue }
type JsonExport = {
  resourceSpans?: {
    resource?: { attributes?: JsonAttribute[] }
    scopeSpans?: { spans?: (Omit<OtlpSpan, 'attributes'> & { attributes?: JsonAttribute[] })[] }[]
  }[]
}

function attributes(list: JsonAttribute[] = []) {
  return Object.fromEntries(
    list.map(({ key, value }) => [
      key,
      value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue,
    ]),
  )
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const exports: OtlpReceiver['exports'] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      exports.push({
        path: request.url ?? '',
        contentType: request.headers['content-type'] ?? '',
        body: Buffer.concat(chunks),
      })
      const json = (request.headers['content-type'] ?? '').includes('json')
      response.writeHead(200, {
        'content-type': json ? 'application/json' : 'application/x-protobuf',
      })
      response.end(json ? '{}' : '')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    exports,
    spans: () =>
      exports
        .filter((one) => one.contentType.includes('json'))
        .flatMap((one) => {
          const decoded = JSON.parse(one.body.toString('utf8')) as JsonExport
          return (decoded.resourceSpans ?? []).flatMap((resource) => {
            const service = String(attributes(resource.resource?.attributes)['service.name'])
            return (resource.scopeSpans ?? []).flatMap((scope) =>
              (scope.spans ?? []).map((span) => ({
                ...span,
                attributes: attributes(span.attributes),
                service,
              })),
            )
          })
        }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
