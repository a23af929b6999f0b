'use client'

import { useMutation, useQuery } from '@tanstack/react-query'
import Link from 'next/link'
import { usePathname } from 'next/navigation'
import { useTRPC } from '@/trpc/client.tsx'
import { Button } from './ui/button.tsx'
import { describeError } from './ui/describe-error.ts'

const navItems = [
  { href: '/', label: 'Threads', active: (path: string) => path === '/' || path.startsWith('/threads') },
  { href: '/recall', label: 'Recall', active: (path: string) => path.startsWith('/recall') },
  { href: '/calls', label: 'Calls', active: (path: string) => path.startsWith('/calls') },
  { href: '/playground', label: 'Playground', active: (path: string) => path.startsWith('/playground') },
  { href: '/tokens', label: 'API tokens', active: (path: string) => path.startsWith('/tokens') },
  { href: '/audit', label: 'Audit', active: (path: string) => path.startsWith('/audit') },
  { href: '/api-reference', label: 'API reference', active: (path: string) => path.startsWith('/api-reference') },
]

/** The app's header: navigation, the signed-in operator and sign-out (only the brand on the sign-in page). */
export function AppHeader() {
  const pathname = usePathname()
  const signedOutPage = pathname.startsWith('/sign-in')
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Link href="/" className="flex shrink-0 items-center gap-2.5" aria-label="Threadline home">
          <span aria-hidden className="grid size-7 place-items-center rounded-md bg-indigo-600 text-sm font-bold text-white">
            T
          </span>
          {/* the name gives way to the navigation below 1024 px on app pages (the logo stays) */}
          <span className={`text-lg font-semibold tracking-tight ${signedOutPage ? '' : 'hidden lg:inline'}`}>Threadline</span>
        </Link>
        {!signedOutPage && (
          <>
            <nav aria-label="Main" className="flex min-w-0 items-center gap-1 overflow-x-auto">
              {navItems.map((item) => {
                const active = item.active(pathname)
                return (
                  <Link
                    key={item.href}
                    href={item.href}
                    aria-current={active ? 'page' : undefined}
                    className={`whitespace-nowrap rounded-md px-2.5 py-1.5 text-sm font-medium transition-colors ${
                      active ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
                    }`}
                  >
                    {item.label}
                  </Link>
                )
              })}
            </nav>
            <OperatorMenu />
          </>
        )}
      </div>
    </header>
  )
}

function OperatorMenu() {
  const trpc = useTRPC()
  const pathname = usePathname()
  const session = useQuery(trpc.auth.session.queryOptions(undefined, { staleTime: 60_000 }))
  const signOut = useMutation(
    trpc.auth.signOut.mutationOptions({
      // a full page load: nothing of the session stays in the client's caches
      onSuccess: () => window.location.assign('/sign-in'),
    }),
  )
  const who = session.data?.operator ?? null
  // a public page (the API reference) visited without a session
  if (session.isSuccess && session.data === null) {
    return (
      <a href={`/sign-in?next=${encodeURIComponent(pathname)}`} className="ml-auto shrink-0 text-sm font-medium text-indigo-700 hover:underline">
        Sign in
      </a>
    )
  }
  return (
    <div className="ml-auto flex shrink-0 items-center gap-3">
      {who && (
        <div className="hidden min-w-0 text-right leading-tight lg:block" data-testid="operator">
          <p className="max-w-48 truncate text-sm font-medium text-slate-800">{who.name}</p>
          <p className="max-w-48 truncate text-xs text-slate-500">{who.email}</p>
        </div>
      )}
      {who && (
        <span aria-hidden className="grid size-8 place-items-center rounded-full bg-slate-200 text-xs font-semibold text-slate-700 lg:hidden" title={who.email}>
          {who.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <Button size="sm" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
        {signOut.isPending ? 'Signing out…' : 'Sign out'}
      </Button>
      {signOut.error && (
        <span role="alert" className="text-xs text-red-700">
          {describeError(signOut.error)}
        </span>
      )}
    </div>
  )
}
