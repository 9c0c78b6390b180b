import type { Metadata } from 'next'

import { QaPage } from '@/components/qa/qa-page'
import { loadQaPage } from '@/lib/qa/service'

export const metadata: Metadata = { title: 'Quality assurance' }

export default async function QaRoute({ searchParams }: PageProps<'/qa'>) {
  return <QaPage data={await loadQaPage(await searchParams)} />
}
