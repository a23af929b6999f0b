import type { Metadata } from 'next'
import { ContextWindowView } from '@/components/workbench/context-window-view.tsx'

export const metadata: Metadata = { title: 'Context window · Threadline' }

export default async function ContextWindowPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  return <ContextWindowView threadId={id} />
}
