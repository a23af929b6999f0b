import type { Metadata } from 'next'
import { Suspense } from 'react'
import { RecallSearch } from '@/components/recall/recall-search.tsx'

export const metadata: Metadata = { title: 'Recall · Threadline' }

export default function RecallPage() {
  // the search reads its query from the URL
  return (
    <Suspense>
      <RecallSearch />
    </Suspense>
  )
}
