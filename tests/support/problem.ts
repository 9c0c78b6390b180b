import assert from 'node:assert/strict'

import type { APIResponse } from '@playwright/test'

import type { Problem } from '@/lib/api/problem'

/*
 * The problem+json check shared by the route-handler unit tests (fetch Responses from handlers
 * called directly) and the API browser tests (Playwright's APIResponse over HTTP). It asserts with
 * node:assert because neither runner's `expect` can be imported into the other.
 */

type Answer = { status: number; header: (name: string) => string | null; text: string }

async function answerOf(response: Response | APIResponse): Promise<Answer> {
  if (response instanceof Response) {
    return {
      status: response.status,
      header: (name) => response.headers.get(name),
      text: await response.text(),
    }
  }
  const headers = response.headers()
  return {
    status: response.status(),
    header: (name) => headers[name] ?? null,
    text: await response.text(),
  }
}

/**
 * Makes the suite's `expectProblem`: status, media type, never cached, exactly the four members
 * with a typed `about:blank#kind`, and `expectSafe` (the suite's own leak checks: its key, the
 * upstream's text) on the raw body before it is parsed. Resolves to the body.
 */
export function problemCheck(expectSafe: (text: string) => void) {
  return async function expectProblem(
    response: Response | APIResponse,
    status: number,
  ): Promise<Problem> {
    const answer = await answerOf(response)
    assert.equal(answer.status, status, 'status')
    assert.match(answer.header('content-type') ?? '', /application\/problem\+json/, 'content-type')
    // `no-transform` on a small answer keeps Next.js from gzipping it (lib/api/cache-control.ts).
    assert.match(answer.header('cache-control') ?? '', /^private, no-store(, no-transform)?$/)
    expectSafe(answer.text)
    const body = JSON.parse(answer.text) as Problem
    assert.deepEqual(Object.keys(body).sort(), ['detail', 'status', 'title', 'type'])
    assert.equal(body.status, status, 'status member')
    assert.match(body.type, /^about:blank#[a-z_]+$/, 'type member')
    assert.ok(body.title.length > 0, 'an empty title')
    assert.ok(body.detail.length > 0, 'an empty detail')
    return body
  }
}
