import type { AmlSearchResult, Profile, Verification } from '@/lib/upstream/schemas'
import { buildAmlResult, type AmlRegistry, type AmlSpec } from './dataset-aml'
import { buildProfiles } from './dataset-profiles'
import { planScreenings } from './dataset-screenings'
import { buildVerifications } from './dataset-verifications'
import { buildWebhookHistory, type RawWebhookRecord } from './dataset-webhooks'
import { exampleIds } from '@/lib/demo/example-ids'

export type WebhookRecord = RawWebhookRecord

type DatasetOptions = {
  seed?: number
  profiles?: number
  verifications?: number
  historyRecords?: number
}

export type Dataset = {
  profiles: Profile[]
  verifications: Verification[]
  /** Keyed by search_uuid. */
  amlResults: Map<string, AmlSearchResult>
  /** Newest first: the built records, at most BUILT_LIMIT of them. */
  webhookHistory: WebhookRecord[]
  /** Records in the whole history; those past webhookHistory are made on demand (history-tail.ts). */
  historySize: number
}

export const DEFAULT_SEED = 20261101
/** The 600 records the console's tests grew up with, and an archive of older ones after them. */
export const DEFAULT_HISTORY = 700

const EVERY_TYPE = [
  'Person',
  'Person',
  'Organization',
  'Person',
  'Vessel',
  'Person',
  'Aircraft',
  'CryptoWallet',
  'Person',
  'Organization',
  'Country',
  'Person',
] as const

const EXAMPLE_REPORTS: readonly AmlSpec[] = [
  {
    searchId: exampleIds.amlRichId,
    requestedName: 'IVAN PETROV',
    matches: 12,
    fullMatches: 12,
    types: EVERY_TYPE,
  },
  { searchId: exampleIds.amlZeroId, requestedName: 'JOHN DOE', matches: 0, fullMatches: 0 },
  {
    searchId: exampleIds.amlFiftyId,
    requestedName: 'MOHAMMED AL-RASHID',
    matches: 50,
    fullMatches: 10,
    types: EVERY_TYPE,
  },
  {
    searchId: exampleIds.amlLargeId,
    requestedName: 'WANG WEI',
    matches: 320,
    fullMatches: 20,
    types: EVERY_TYPE,
  },
  {
    searchId: exampleIds.amlBigId,
    requestedName: 'ALEXANDER',
    matches: 1000,
    fullMatches: 25,
    types: EVERY_TYPE,
  },
]

/** The whole simulated account. Pure: the same options always give an equal data set. */
export function buildDataset(options: DatasetOptions = {}): Dataset {
  const seed = options.seed ?? DEFAULT_SEED
  const profiles = buildProfiles(seed, options.profiles ?? 64)
  const { verifications, subjects } = buildVerifications(
    seed,
    options.verifications ?? 48,
    profiles,
  )
  const amlResults = new Map<string, AmlSearchResult>()
  const registry: AmlRegistry = {
    get: (searchId) => amlResults.get(searchId),
    add: (spec) => {
      const result = buildAmlResult(seed, spec)
      amlResults.set(spec.searchId, result)
      return result
    },
    put: (result) => {
      amlResults.set(result.search_uuid ?? '', result)
    },
  }
  for (const spec of EXAMPLE_REPORTS) registry.add(spec)
  const plan = planScreenings(seed, subjects, registry)
  const historySize = options.historyRecords ?? DEFAULT_HISTORY
  const webhookHistory = buildWebhookHistory(seed, historySize, verifications, registry, plan)
  return {
    profiles,
    verifications,
    amlResults,
    webhookHistory,
    historySize: Math.max(historySize, webhookHistory.length),
  }
}
