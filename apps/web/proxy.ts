// Sends page visits without an operator session to the sign-in page. This is
// the optimistic check (is there a session cookie?); the API verifies the
// session itself on every call and answers UNAUTHORIZED when it is not valid.
import { NextResponse, type NextRequest } from 'next/server'
import { SESSION_COOKIE_NAMES } from '@threadline/api/session-cookie'

export function proxy(request: NextRequest) {
  if (SESSION_COOKIE_NAMES.some((name) => request.cookies.has(name))) return NextResponse.next()
  const signIn = new URL('/sign-in', request.url)
  const next = `${request.nextUrl.pathname}${request.nextUrl.search}`
  if (next !== '/') signIn.searchParams.set('next', next)
  return NextResponse.redirect(signIn)
}

export const config = {
  // every page but the sign-in page; not the API (it answers for itself), Next's assets or the icon
  matcher: ['/((?!api/|_next/|sign-in|icon\\.svg|favicon\\.ico).*)'],
}
