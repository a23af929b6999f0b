// B7 of the hardening issue: every procedure, fed NUL bytes, lone surrogates,
// metadata nested 5,000 deep and impossible calendar dates, answers with a
// 4xx, never a 500, and never shows database error text.
import { demoOperator } from '@threadline/db/seed'
import superjson from 'superjson'
import { beforeAll, expect, it } from 'vitest'
import { CSRF_HEADER } from './auth/csrf.ts'
import { appRouter } from './routers/app.ts'
import { cookieJarFetch, type ApiHarness } from './testing/api-harness.ts'
import { describeEachApi } from './testing/each-database.ts'
import { LEAKED_TEXT } from './testing/rest-fuzz.ts'

/** `{"d":{"d":...}}` nested `levels` deep, as JSON text (JSON.stringify itself overflows the test's stack at 5,000). */
const deepJson = (levels: number): string => `${'{"d":'.repeat(levels)}"leaf"${'}'.repeat(levels)}`

const BAD_VALUES: [string, unknown][] = [
  ['NUL', 'acme\u0000x'],
  ['lone high surrogate', 'x\uD800y'],
  ['lone low surrogate', '\uDC00'],
  ['impossible date', '2026-02-30'],
]
const FIELDS = ['threadId', 'resourceId', 'id', 'sourceThreadId', 'newThreadId', 'title', 'query', 'name', 'search', 'email', 'password', 'messageId', 'code']
const THREAD = 'acme-delivery-storm'

/** Inputs that carry `bad` in one place each, around otherwise plausible values. */
function inputsWith(bad: unknown): unknown[] {
  return [
    bad,
    Object.fromEntries(FIELDS.map((field) => [field, bad])),
    ...FIELDS.map((field) => ({ [field]: bad })),
    { sourceThreadId: THREAD, newThreadId: bad },
    { threadId: THREAD, title: bad },
    { resourceId: 'acme', metadata: { note: bad } },
    { sourceThreadId: THREAD, metadata: { note: bad } },
    { sourceThreadId: THREAD, options: { messageFilter: { startDate: bad, endDate: bad } } },
    { name: bad, allResources: true },
  ]
}

type Probe = { path: string; type: string; input: unknown; as: string; json?: string }

describeEachApi(
  'fuzzing every procedure with bad input',
  (getApi) => {
    let api: ApiHarness
    let bearer: string
    let operatorFetch: typeof fetch
    beforeAll(async () => {
      api = getApi()
      bearer = (await api.issueToken({ allResources: true, canWrite: true, canRunRules: true })).token
      operatorFetch = cookieJarFetch()
      const signIn = await operatorFetch(`${api.server.url}/api/trpc/auth.signIn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CSRF_HEADER]: '1' },
        body: JSON.stringify(superjson.serialize({ email: demoOperator.email, password: demoOperator.password })),
      })
      expect(signIn.status).toBe(200)
    })

    async function send(probe: Probe): Promise<{ status: number; body: string }> {
      // plain JSON in superjson's envelope
      const encoded = probe.json ?? JSON.stringify({ json: probe.input })
      const url = `${api.server.url}/api/trpc/${probe.path}`
      const asToken = probe.as === 'token'
      const doFetch = asToken ? fetch : operatorFetch
      const headers: Record<string, string> = asToken ? { authorization: `Bearer ${bearer}` } : { [CSRF_HEADER]: '1' }
      const response =
        probe.type === 'query'
          ? await doFetch(`${url}?input=${encodeURIComponent(encoded)}`, { headers })
          : await doFetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: encoded })
      return { status: response.status, body: await response.text() }
    }

    it('answers every bad input with a 4xx and no database text', async () => {
      const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)
        // signing out would end the operator session the other probes use
        .filter(([path]) => path !== 'auth.signOut')
      const probes: Probe[] = []
      for (const [path, procedure] of procedures) {
        for (const [, bad] of BAD_VALUES) {
          for (const input of inputsWith(bad)) for (const as of ['token', 'operator']) probes.push({ path, type: procedure._def.type, input, as })
        }
        const json = `{"json":{"threadId":"${THREAD}","metadata":${deepJson(5000)}}}`
        for (const as of ['token', 'operator']) probes.push({ path, type: procedure._def.type, input: 'metadata nested 5000 deep', json, as })
      }
      const failures: string[] = []
      const statuses = new Map<number, number>()
      for (let start = 0; start < probes.length; start += 8) {
        const batch = probes.slice(start, start + 8)
        const answers = await Promise.all(batch.map(send))
        answers.forEach((answer, index) => {
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
          const probe = batch[index]!
          if (answer.status >= 500 || (answer.status >= 400 && LEAKED_TEXT.test(answer.body))) {
            failures.push(`${probe.path} as ${probe.as} ${JSON.stringify(probe.input).slice(0, 120)} -> ${answer.status} ${answer.body.slice(0, 300)}`)
          }
        })
      }
      console.log(`[B7] ${probes.length} fuzzed requests over ${procedures.length} procedures; statuses ${JSON.stringify(Object.fromEntries(statuses))}`)
      expect(failures).toEqual([])
    }, 600_000)

    it('refuses 2026-02-30 as a clone end date (it used to become 2 March)', async () => {
      const answer = await send({
        path: 'clone.preview',
        type: 'query',
        as: 'token',
        input: { sourceThreadId: THREAD, options: { messageFilter: { endDate: '2026-02-30' } } },
      })
      expect(answer.status).toBe(400)
      expect(answer.body).toMatch(/real calendar day/)
    })
  },
  { THREADLINE_RATE_LIMIT_PER_SECOND: '100000', THREADLINE_RATE_LIMIT_BURST: '100000' },
)
