// A running API for integration tests: an in-memory PGlite (or a given database) seeded with the
// demo data and the demo operator, the real services, the fetch handler on a
// loopback port, and typed clients (the signed-in demo operator; API tokens).
import { openDatabase, type Database } from '@threadline/db'
import { demoOperator, seedDemoCalls, seedDemoData, seedDemoOperator } from '@threadline/db/seed'
import { createThreadlineClient, type ThreadlineClient, type ThreadlineInputs } from '../client/index.ts'
import { readServerConfig } from '../config.ts'
import { createServices, type Services } from '../services.ts'
import { startTestServer, type TestServer } from './test-server.ts'

export type ApiHarness = {
  db: Database
  services: Services
  server: TestServer
  /** the demo operator, signed in (session cookie) */
  operator: ThreadlineClient
  /** issues a token as the operator: the secret, its id and a client that uses it */
  issueToken(scope: TokenScopeInput): Promise<{ client: ThreadlineClient; token: string; tokenId: string }>
  /** a client with a freshly issued token of this scope */
  tokenClient(scope: TokenScopeInput): Promise<ThreadlineClient>
  /** a client that sends no credentials (and keeps cookies it is given) */
  anonymous(): ThreadlineClient
  close(): Promise<void>
}

type TokenScopeInput = Omit<ThreadlineInputs['tokens']['issue'], 'name'> & { name?: string }

export const TEST_AUTH_SECRET = 'integration-test-secret-0123456789abcdef'

/** fetch with a cookie jar: stores Set-Cookie answers, sends them back. */
export function cookieJarFetch(): typeof fetch {
  const jar = new Map<string, string>()
  return async (input, init) => {
    const headers = new Headers(init?.headers)
    if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '))
    const response = await fetch(input, { ...init, headers })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';')
      const [name = '', value = ''] = pair.split('=')
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute))
      if (expired || value === '') jar.delete(name.trim())
      else jar.set(name.trim(), value.trim())
    }
    return response
  }
}

/** `database`: a migrated, empty database to serve (default: a new in-memory PGlite); the harness closes it. */
export async function startApiHarness(env: Record<string, string> = {}, database?: Database): Promise<ApiHarness> {
  const db = database ?? (await openDatabase('memory://'))
  await seedDemoData(db.storage)
  await seedDemoCalls(db.callLog)
  await seedDemoOperator(db.prisma)
  const services = await createServices(db, readServerConfig({ THREADLINE_AUTH_SECRET: TEST_AUTH_SECRET, ...env }))
  const server = await startTestServer(services)
  const operator = createThreadlineClient({ url: server.url, fetch: cookieJarFetch() })
  await operator.auth.signIn.mutate({ email: demoOperator.email, password: demoOperator.password })
  let tokens = 0
  const issueToken = async (scope: TokenScopeInput) => {
    const { token, summary } = await operator.tokens.issue.mutate({ name: `test token ${++tokens}`, ...scope })
    return { client: createThreadlineClient({ url: server.url, token }), token, tokenId: summary.id }
  }
  return {
    db,
    services,
    server,
    operator,
    issueToken,
    tokenClient: async (scope) => (await issueToken(scope)).client,
    anonymous: () => createThreadlineClient({ url: server.url, fetch: cookieJarFetch() }),
    async close() {
      await server.close()
      await services.indexWorker?.stop()
      await services.demoProvider.close()
      await services.playground.close()
      await db.close()
    },
  }
}
