import type { Metadata } from 'next'
import { CompareModels } from '@/components/workbench/compare-models.tsx'

export const metadata: Metadata = { title: 'Compare models · Threadline' }

export default async function CompareModelsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  return <CompareModels threadId={id} />
}
