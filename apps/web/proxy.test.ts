// The proxy in front of the pages and the REST API, as Next runs it: which
// paths reach it (its matcher, with the app's next.config) and what it answers.
import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server'
import { NextRequest } from 'next/server'
import { openApiDocument } from '@threadline/api/openapi'
import { restFuzzProbes, type OpenApiDocumentLike } from '@threadline/api/testing'
import { describe, expect, it } from 'vitest'
import nextConfig from './next.config.ts'
import { config, proxy } from './proxy.ts'

const ORIGIN = 'http://localhost:3000'
const reaches = (url: string) => unstable_doesMiddlewareMatch({ config, nextConfig, url })
const visit = (path: string, cookie?: string) => proxy(new NextRequest(`${ORIGIN}${path}`, cookie ? { headers: { cookie } } : {}))
/** NextResponse.next(): the request goes on to its route */
const passesOn = (response: Response) => response.headers.get('x-middleware-next') === '1'

describe('the proxy on REST paths', () => {
  it.each(['/api/v1/threads/%E0%A4%A', '/api/v1/threads/%zz', '/api/v1/threads/%zz/messages', '/api/v1/%'])(
    'answers the malformed escape in %s with a BAD_REQUEST problem, before Next decodes the route parameters',
    async (path) => {
      expect(reaches(path)).toBe(true)
      const response = visit(path)
      expect(response.status).toBe(400)
      expect(response.headers.get('content-type')).toBe('application/problem+json')
      expect(await response.json()).toMatchObject({ status: 400, code: 'BAD_REQUEST', detail: expect.stringContaining('%-escape') })
    },
  )

  it('does not see the thread import, whose streamed body it would buffer and cut at 10 MB; sees every other REST path', () => {
    expect(reaches('/api/v1/threads/import')).toBe(false)
    for (const path of [
      '/api/v1/threads/import/x',
      '/api/v1/threads/imports',
      '/api/v1/threads/t1/export',
      '/api/v1/threads/%zz',
      '/api/v1/threads',
      '/api/v1',
    ])
      expect(reaches(path), path).toBe(true)
  })

  it('passes well-formed REST paths on to the REST route, with no session cookie needed', () => {
    expect(passesOn(visit('/api/v1/threads/a%20b'))).toBe(true)
    // what a dot segment leaves after URL resolution: the REST handler answers it (Next no longer redirects it elsewhere)
    expect(nextConfig.skipTrailingSlashRedirect).toBe(true)
    expect(passesOn(visit('/api/v1/threads/'))).toBe(true)
    expect(passesOn(visit('/api/v1'))).toBe(true)
  })

  it('answers every path of the REST fuzz itself, or passes it on to a route whose parameters Next can decode', async () => {
    const document = openApiDocument() as unknown as OpenApiDocumentLike
    const paths = new Set(restFuzzProbes(document, { knownId: 'acme-delivery-storm', oversize: 10, bodyLimit: 10 }).map((probe) => probe.path))
    const undecodable: string[] = []
    for (const path of paths) {
      // as Next's server parses it: dot segments resolved
      const { pathname } = new URL(path, ORIGIN)
      const response = reaches(pathname) ? visit(pathname) : null
      if (response && !passesOn(response)) {
        expect(response.headers.get('content-type')).toBe('application/problem+json')
        expect(await response.json()).toMatchObject({ status: 400, code: 'BAD_REQUEST' })
        continue
      }
      try {
        pathname.split('/').forEach((segment) => decodeURIComponent(segment))
      } catch {
        undecodable.push(path)
      }
    }
    expect(paths.size).toBeGreaterThan(100)
    expect(undecodable).toEqual([])
  })

  it('leaves tRPC and the other API routes alone', () => {
    expect(reaches('/api/trpc/health.check')).toBe(false)
    expect(reaches('/api/livez')).toBe(false)
  })
})

describe('the proxy on pages', () => {
  it('redirects a trailing slash away, as Next did before the REST paths needed it kept', () => {
    expect(reaches('/threads/')).toBe(true)
    const response = visit('/threads/?q=1', 'threadline.session_token=x')
    expect(response.status).toBe(308)
    expect(response.headers.get('location')).toBe(`${ORIGIN}/threads?q=1`)
    expect(reaches('/sign-in/')).toBe(true)
    expect(visit('/sign-in/').headers.get('location')).toBe(`${ORIGIN}/sign-in`)
  })

  it('sends a visit without a session to the sign-in page, and lets the sign-in page itself through', () => {
    const response = visit('/threads')
    expect(response.headers.get('location')).toBe(`${ORIGIN}/sign-in?next=%2Fthreads`)
    expect(passesOn(visit('/sign-in'))).toBe(true)
    expect(passesOn(visit('/threads', 'threadline.session_token=x'))).toBe(true)
  })

  it('lets the API reference through without a session: it holds no secrets (issue 30)', () => {
    expect(reaches('/api-reference')).toBe(true)
    expect(passesOn(visit('/api-reference'))).toBe(true)
    expect(visit('/api-references').headers.get('location')).toBe(`${ORIGIN}/sign-in?next=%2Fapi-references`)
  })
})
