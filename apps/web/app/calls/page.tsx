import type { Metadata } from 'next'
import { Suspense } from 'react'
import { CallsPage } from '@/components/calls/calls-page.tsx'

export const metadata: Metadata = { title: 'LLM calls · Threadline' }

export default function CallsRoute() {
  // the filters live in the query string (useSearchParams)
  return (
    <Suspense>
      <CallsPage />
    </Suspense>
  )
}
