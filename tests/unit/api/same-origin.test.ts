import { describe, expect, it } from 'vitest'

import { isSameOriginRequest } from '@/lib/api/same-origin'

const ORIGIN = 'https://verity.example'

function request(method: string, headers: Record<string, string> = {}) {
  return { method, headers: new Headers(headers) }
}

describe('isSameOriginRequest', () => {
  it.each([
    ['a GET without any header', request('GET')],
    ['a HEAD from another site', request('HEAD', { 'sec-fetch-site': 'cross-site' })],
    ['a POST from a same-origin page', request('POST', { 'sec-fetch-site': 'same-origin' })],
    [
      'a same-origin form under no-referrer (Origin: null)',
      request('POST', { 'sec-fetch-site': 'same-origin', origin: 'null' }),
    ],
    ['a POST the user started themselves', request('POST', { 'sec-fetch-site': 'none' })],
    ['a POST naming this origin, without fetch metadata', request('POST', { origin: ORIGIN })],
    [
      'a DELETE with both headers agreeing',
      request('DELETE', { 'sec-fetch-site': 'same-origin', origin: ORIGIN }),
    ],
  ])('lets through %s', (_case, hostile) => {
    expect(isSameOriginRequest(hostile, ORIGIN)).toBe(true)
  })

  it.each([
    ['a POST with neither header', request('POST')],
    ['a lower-case post with neither header', request('post')],
    ['a POST with only Origin: null', request('POST', { origin: 'null' })],
    ['a POST with an empty Origin', request('POST', { origin: '' })],
    ['a cross-site POST', request('POST', { 'sec-fetch-site': 'cross-site' })],
    ['a same-site POST (a sibling host)', request('POST', { 'sec-fetch-site': 'same-site' })],
    ['an unknown Sec-Fetch-Site', request('POST', { 'sec-fetch-site': 'trusted' })],
    [
      'a cross-site POST that names this origin',
      request('POST', { 'sec-fetch-site': 'cross-site', origin: ORIGIN }),
    ],
    [
      'a same-origin claim from another Origin',
      request('POST', { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' }),
    ],
    ['another Origin', request('POST', { origin: 'https://evil.example' })],
    ['a look-alike Origin', request('POST', { origin: 'https://verity.example.evil.example' })],
    ['this host over plain HTTP', request('POST', { origin: 'http://verity.example' })],
    ['this host on another port', request('POST', { origin: 'https://verity.example:8443' })],
    ['a PUT with neither header', request('PUT')],
    ['a PATCH from another site', request('PATCH', { 'sec-fetch-site': 'cross-site' })],
    ['a DELETE from another Origin', request('DELETE', { origin: 'https://evil.example' })],
    ['an OPTIONS with neither header', request('OPTIONS')],
  ])('refuses %s', (_case, hostile) => {
    expect(isSameOriginRequest(hostile, ORIGIN)).toBe(false)
  })
})
