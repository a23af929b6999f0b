import type { Metadata } from 'next'
import { Suspense } from 'react'
import { ForkWizard } from '@/components/fork/fork-wizard.tsx'

export const metadata: Metadata = { title: 'Clone · Threadline' }

export default async function ForkPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  // the wizard reads the fork point (?at=) from the URL
  return (
    <Suspense>
      <ForkWizard sourceId={id} />
    </Suspense>
  )
}
