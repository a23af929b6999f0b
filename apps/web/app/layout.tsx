import type { Metadata } from 'next'
import Link from 'next/link'
import type { ReactNode } from 'react'
import { TRPCReactProvider } from '@/trpc/client.tsx'
import './globals.css'

export const metadata: Metadata = {
  title: 'Threadline',
  description: 'Conversation memory and provider resilience for AI agents: the admin app.',
}

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-6">
            <Link href="/" className="flex items-center gap-2.5" aria-label="Threadline home">
              <span aria-hidden className="grid size-7 place-items-center rounded-md bg-indigo-600 text-sm font-bold text-white">
                T
              </span>
              <span className="text-lg font-semibold tracking-tight">Threadline</span>
            </Link>
            <span className="hidden text-sm text-slate-500 sm:inline">Conversation memory admin</span>
          </div>
        </header>
        <TRPCReactProvider>
          <main className="mx-auto max-w-6xl px-6 py-8">{children}</main>
        </TRPCReactProvider>
      </body>
    </html>
  )
}
