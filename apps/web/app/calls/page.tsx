import type { Metadata } from 'next'
import { CallsPage } from '@/components/calls/calls-page.tsx'

export const metadata: Metadata = { title: 'LLM calls · Threadline' }

export default function CallsRoute() {
  return <CallsPage />
}
