import type { Metadata } from 'next'
import { AuditPage } from '@/components/audit/audit-page.tsx'

export const metadata: Metadata = { title: 'Audit log · Threadline' }

export default function AuditRoute() {
  return <AuditPage />
}
