import 'server-only'

import { NextResponse, type NextRequest } from 'next/server'
import type { z } from 'zod'

import { readBodyBytes, readJsonBody } from '@/lib/api/body'
import { gated } from '@/lib/api/gate'
import { firstIssue, searchParamsObject } from '@/lib/api/params'
import { problem, respond } from '@/lib/api/problem'
import { publicOrigin } from '@/lib/auth/request'
import { authSettings } from '@/lib/auth/settings'

/*
 * The one shape of Verity's JSON route handlers: the request passes the API's gate first (same
 * origin for changes, a valid session: lib/api/gate.ts), parameters (path and query together) are
 * parsed with a zod schema before anything is read, a bad one answers 400, and the read's result
 * or its failure is answered by `respond` (validated JSON, no-store, problem+json).
 */

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> }

export function readRoute<P>(params: z.ZodType<P>, read: (params: P) => Promise<unknown>) {
  // Routes without dynamic segments may be called without a context.
  return (request: NextRequest, ctx?: RouteContext) =>
    gated(request, async () => {
      const input = { ...searchParamsObject(request.nextUrl.searchParams), ...(await ctx?.params) }
      const parsed = params.safeParse(input)
      if (!parsed.success) return badParameter(parsed.error)
      return respond(() => read(parsed.data))
    })
}

/**
 * A state-changing POST: a JSON body (at most 64 KB, lib/api/body.ts) parsed with its schema,
 * then the action's answer. Path
 * parameters join the body's members (and win over a member of the same name), so one schema
 * checks both.
 */
export function actionRoute<B>(
  body: z.ZodType<B>,
  run: (body: B, request: NextRequest) => Promise<unknown>,
) {
  return (request: NextRequest, ctx?: RouteContext) =>
    gated(request, async () => {
      const read = await readJsonBody(request)
      if (!read.ok) return read.response
      const raw = read.value
      const params = await ctx?.params
      const input = params && isObject(raw) ? { ...raw, ...params } : raw
      const parsed = body.safeParse(input)
      if (!parsed.success) return badParameter(parsed.error)
      return respond(() => run(parsed.data, request))
    })
}

/**
 * A POST whose body is a file as it is (not JSON), at most `maxBytes` (counted as it streams, like
 * every body: lib/api/body.ts), then the action's answer.
 */
export function uploadRoute(maxBytes: number, run: (bytes: Uint8Array) => Promise<unknown>) {
  return (request: NextRequest) =>
    gated(request, async () => {
      const tooLarge = () =>
        problem(
          413,
          'too_large',
          'File too large',
          `The file must be at most ${Math.round(maxBytes / 1_000_000)} MB.`,
        )
      const bytes = await readBodyBytes(request, maxBytes)
      if (!bytes) return tooLarge()
      if (bytes.length === 0) {
        return problem(400, 'bad_parameter', 'Bad request', 'The body must be the file to check.')
      }
      return respond(() => run(bytes))
    })
}

/**
 * A plain HTML form's POST, which works before and without the page's script: behind the same
 * gate, the action runs with the form's fields and answers 303 to the page it names (so a reload
 * does not post again); a failure is answered as by `respond`.
 */
export function formRoute(run: (form: FormData) => Promise<string>) {
  return (request: NextRequest) =>
    gated(request, async () => {
      const form = await request.formData().catch(() => new FormData())
      let path: string | undefined
      // `respond` answers a failure as the JSON routes do; on success the redirect is the answer.
      const answered = await respond(async () => {
        path = await run(form)
        return null
      })
      if (path === undefined) return answered
      const settings = authSettings()
      const response = NextResponse.redirect(new URL(path, publicOrigin(request, settings)), 303)
      response.headers.set('Cache-Control', 'no-store')
      return response
    })
}

export type FileAnswer = { name: string; type: string; body: Uint8Array }

/**
 * A GET answered with a file (a download, or a streamed ZIP) rather than JSON: parameters parsed as
 * by `readRoute`; a failure before the file starts is answered as by `respond` (problem+json).
 */
export function fileRoute<P>(params: z.ZodType<P>, make: (params: P) => Promise<Response>) {
  return (request: NextRequest, ctx?: RouteContext) =>
    gated(request, async () => {
      const input = { ...searchParamsObject(request.nextUrl.searchParams), ...(await ctx?.params) }
      const parsed = params.safeParse(input)
      if (!parsed.success) return badParameter(parsed.error)
      let file: Response | undefined
      const answered = await respond(async () => {
        file = await make(parsed.data)
        return null
      })
      return file ?? answered
    })
}

/** A file made whole in memory, answered as a download. */
export function attachment(file: FileAnswer): Response {
  return new NextResponse(Buffer.from(file.body), {
    headers: {
      'Content-Type': file.type,
      'Content-Disposition': `attachment; filename="${file.name}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}

/** A fixed answer behind the same gate (unknown API paths). */
export function gatedRoute(answer: () => Response) {
  return (request: NextRequest) => gated(request, () => Promise.resolve(answer()))
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function badParameter(error: z.ZodError) {
  return problem(400, 'bad_parameter', 'Bad parameter', firstIssue(error))
}
