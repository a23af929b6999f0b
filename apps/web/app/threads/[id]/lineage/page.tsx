import type { Metadata } from 'next'
import { LineageView } from '@/components/lineage/lineage-view.tsx'

export const metadata: Metadata = { title: 'Lineage · Threadline' }

export default async function LineagePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  return <LineageView threadId={id} />
}
