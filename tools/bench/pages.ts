import { exampleIds } from '@/lib/demo/example-ids'

/* The page kinds every browser and render measurement visits, with the ids of the simulated data. */

export type PageKind = { key: string; label: string; path: string }

export const pageKinds: readonly PageKind[] = [
  { key: 'profiles', label: 'profiles list', path: '/profiles' },
  { key: 'profile', label: 'profile', path: `/profiles/${exampleIds.richProfileId}` },
  {
    key: 'verification',
    label: 'verification',
    path: `/verifications/${exampleIds.errorsShortId}`,
  },
  { key: 'aml-50', label: 'AML report, 50 matches', path: `/aml/${exampleIds.amlFiftyId}` },
  { key: 'aml-1000', label: 'AML report, 1,000 matches', path: `/aml/${exampleIds.amlBigId}` },
  { key: 'webhooks', label: 'webhook history', path: '/webhooks' },
  { key: 'home', label: 'home', path: '/' },
  { key: 'queue', label: 'queue', path: '/queue' },
  { key: 'activity', label: 'activity', path: '/activity' },
]

/** The floor every route pays: root layout, providers and framework, no page code of its own. */
export const minimalPage: PageKind = {
  key: 'not-found',
  label: 'not-found page (minimal)',
  path: '/bench-no-such-page',
}
