import type { Metadata } from 'next'
import { Suspense } from 'react'
import { IndexJobsView } from '@/components/indexing/jobs-view.tsx'

export const metadata: Metadata = { title: 'Index jobs · Threadline' }

export default function IndexJobsPage() {
  // the state filter and the page live in the URL
  return (
    <Suspense>
      <IndexJobsView />
    </Suspense>
  )
}
