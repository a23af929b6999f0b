import type { ReactNode } from 'react'
import { RunParametersProvider } from '@/components/workbench/run-parameters-context.tsx'

/** A thread's pages share the composer's run parameters (the thread page's Edit and Regenerate, Compare models). */
export default function ThreadLayout({ children }: { children: ReactNode }) {
  return <RunParametersProvider>{children}</RunParametersProvider>
}
