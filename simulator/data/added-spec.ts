import type { AmlSearchResult } from '@/lib/upstream/schemas'
import type { Risk } from './dataset-aml'

/*
 * What a test may ask of a record it adds to the simulator's history (`POST /__sim/history`), in a
 * module of its own: both the history's tail and its hostile records read it.
 */

/** The records a hostile or broken upstream may send (history-hostile.ts makes them). */
export const HOSTILE_KINDS = [
  'nul-name',
  'far-timestamp',
  'long-id',
  'long-applicant-id',
  'oversized',
] as const
export type HostileKind = (typeof HOSTILE_KINDS)[number]

/** What a test asks of a record it adds; unset members are made up. */
export type AddedSpec = {
  eventType?: string
  risk?: Risk
  name?: string
  applicantId?: string
  status?: string
  /** A record a store may refuse (history-hostile.ts). */
  hostile?: HostileKind
  /**
   * A re-screening: the report of this earlier search again (its matches as they were), with its
   * first `changed` matches given a new source and `added` new matches after them.
   */
  rescreen?: { of: AmlSearchResult; changed: number; added: number }
}
