import type { Metadata } from 'next'
import type { ReactNode } from 'react'
import { AppHeader } from '@/components/app-header.tsx'
import { KeyboardShortcuts } from '@/components/keyboard-shortcuts.tsx'
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
        <TRPCReactProvider>
          <AppHeader />
          <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">{children}</main>
          <KeyboardShortcuts />
        </TRPCReactProvider>
      </body>
    </html>
  )
}
