import Link from 'next/link'
import type { ReactNode } from 'react'

/** The "← where you came from" link above a page's header. */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="inline-flex items-center gap-1 text-sm text-slate-500 hover:text-indigo-700">
      <span aria-hidden>←</span> {children}
    </Link>
  )
}
