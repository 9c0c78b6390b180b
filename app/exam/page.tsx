import type { Metadata } from 'next'

import { ExamPage } from '@/components/exam/exam-page'
import { loadExamPage } from '@/lib/exam/service'

export const metadata: Metadata = { title: 'Exam pack' }

export default async function ExamRoute() {
  return <ExamPage data={await loadExamPage()} today={new Date().toISOString().slice(0, 10)} />
}
