import type { Metadata } from 'next'
import { Suspense } from 'react'
import { ThreadsExplorer } from '@/components/threads-explorer.tsx'

export const metadata: Metadata = { title: 'Threads · Threadline' }

export default function HomePage() {
  // The explorer reads its filters from the URL (useSearchParams): a Suspense boundary keeps the page static.
  return (
    <Suspense>
      <ThreadsExplorer />
    </Suspense>
  )
}
