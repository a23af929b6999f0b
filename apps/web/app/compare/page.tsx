import type { Metadata } from 'next'
import { Suspense } from 'react'
import { CompareView } from '@/components/branches/compare-view.tsx'

export const metadata: Metadata = { title: 'Compare · Threadline' }

export default function ComparePage() {
  // the two threads come from the URL (?a=&b=)
  return (
    <Suspense>
      <CompareView />
    </Suspense>
  )
}
