// Runs before routing, for the pages and the REST API (tRPC and the other API
// routes answer for themselves).
// - REST paths: a malformed %-escape is answered here with the API's problem
//   document; past this point Next decodes the route's parameters and would
//   fail with its own HTML page. Everything else goes on to the REST handler,
//   which answers any path that names no operation with a problem too (a `.` or
//   `..` id, resolved away by URL parsing, leaves such a path).
// - Pages: the trailing-slash redirect (Next's own is off, see next.config.ts),
//   then the optimistic session check: a visit without an operator session
//   cookie goes to the sign-in page, except to a public page (public-pages.ts). The API verifies the session itself on
//   every call and answers UNAUTHORIZED when it is not valid.
import { NextResponse, type NextRequest } from 'next/server'
import { problemResponse } from '@threadline/api/problem'
import { decodedPathSegments, malformedPathProblem, REST_BASE_PATH } from '@threadline/api/rest-path'
import { SESSION_COOKIE_NAMES } from '@threadline/api/session-cookie'
import { isPublicPage, SIGN_IN_PATH } from './src/public-pages.ts'

function restProxy(pathname: string): Response {
  return decodedPathSegments(pathname) === null ? problemResponse(malformedPathProblem) : NextResponse.next()
}

function pageProxy(request: NextRequest): Response {
  const { pathname, search } = request.nextUrl
  if (pathname.length > 1 && pathname.endsWith('/')) {
    // a plain URL: NextURL would put the trailing slash back
    const withoutSlash = new URL(request.url)
    withoutSlash.pathname = pathname.replace(/\/+$/, '') || '/'
    return NextResponse.redirect(withoutSlash, 308)
  }
  if (isPublicPage(pathname) || SESSION_COOKIE_NAMES.some((name) => request.cookies.has(name))) return NextResponse.next()
  const signIn = new URL(SIGN_IN_PATH, request.url)
  const next = `${pathname}${search}`
  if (next !== '/') signIn.searchParams.set('next', next)
  return NextResponse.redirect(signIn)
}

export function proxy(request: NextRequest): Response {
  const { pathname } = request.nextUrl
  if (pathname === REST_BASE_PATH || pathname.startsWith(`${REST_BASE_PATH}/`)) return restProxy(pathname)
  return pageProxy(request)
}

export const config = {
  // the REST API and every page; not tRPC or the other API routes, Next's assets or the icon.
  // Not the thread import either: Next buffers the body of a request its proxy sees (at most 10 MB,
  // proxyClientMaxBodySize, cutting the rest off), and an import streams up to THREADLINE_MAX_IMPORT_BYTES;
  // its path holds no escape for restProxy to refuse.
  matcher: ['/api/v1', '/api/v1/:path((?!threads/import$).*)', '/((?!api/|_next/|icon\\.svg|favicon\\.ico).*)'],
}
