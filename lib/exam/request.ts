import { z } from 'zod'

/* The exam pack's request, browser-safe: the /exam page's form and the route check the same. */

/** The longest period one pack covers: ten years and their leap days. */
export const EXAM_MAX_DAYS = 3_660

const day = (name: string) =>
  z
    .string({ error: `${name} is a day, YYYY-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} is a day, YYYY-MM-DD`)
    .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), `${name} is not a real day`)

export const examPackRequest = z
  .object({
    from: day('from'),
    to: day('to'),
    /** `unmasked` adds applicants' names and reasons' words: leads only. */
    data: z
      .enum(['masked', 'unmasked'], { error: 'data must be masked or unmasked' })
      .optional()
      .transform((value) => value ?? 'masked'),
  })
  .refine((value) => value.from <= value.to, {
    message: 'to must be on or after from',
    path: ['to'],
  })
  .refine((value) => Date.parse(value.to) - Date.parse(value.from) < EXAM_MAX_DAYS * 86_400_000, {
    message: `a pack covers at most ${EXAM_MAX_DAYS} days`,
    path: ['to'],
  })
export type ExamPackRequest = z.infer<typeof examPackRequest>

export function examPackHref(request: { from: string; to: string; data?: string }) {
  const query = new URLSearchParams({ from: request.from, to: request.to })
  if (request.data === 'unmasked') query.set('data', 'unmasked')
  return `/api/exam-pack?${query.toString()}`
}

export type ExamPageData = {
  /** Whether the viewer may make packs (a lead or an auditor), and of unmasked data (a lead). */
  mayMake: boolean
  mayUnmask: boolean
  auditor: boolean
}
