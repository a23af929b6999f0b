import type { Metadata } from 'next'
import { ThreadPage } from '@/components/thread/thread-page.tsx'

export const metadata: Metadata = { title: 'Thread · Threadline' }

export default async function ThreadRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  return <ThreadPage id={id} />
}
