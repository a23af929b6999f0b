import type { Metadata } from 'next'
import { PageHeader } from '@/components/ui/page-header.tsx'
import { IssueTokenForm } from '@/components/tokens/issue-token-form.tsx'
import { TokensList } from '@/components/tokens/tokens-list.tsx'

export const metadata: Metadata = { title: 'API tokens · Threadline' }

export default function TokensPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="API tokens" description="Bearer tokens for app backends: scoped to resources, read-only unless allowed to write." />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <IssueTokenForm />
        <TokensList />
      </div>
    </div>
  )
}
