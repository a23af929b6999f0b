import type { Metadata } from 'next'
import { Suspense } from 'react'
import { PlaygroundPage } from '@/components/playground/playground-page.tsx'

export const metadata: Metadata = { title: 'Playground · Threadline' }

export default function Playground() {
  // the tab and the handed-over thread are read from the URL
  return (
    <Suspense>
      <PlaygroundPage />
    </Suspense>
  )
}
