// Vitest wiring of the fake provider for a test file: one server for the file,
// reset before each test, with the named providers' <PREFIX>_BASE_URL and
// <PREFIX>_API_KEY pointed at it (so 'provider/model' strings reach it);
// `strict` starts it in strict mode.
// Separate from ./index.ts so that non-Vitest users do not import Vitest.
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { startFakeProvider, type FakeProviderServer } from '../loopback-provider/fake-provider-server.ts'

/**
 * Returns the file's server. It is started in `beforeAll`, so the value is a
 * stand-in that forwards to it: use it inside hooks and tests, not at import time.
 */
export function useFakeProvider(options: { envFor?: string[]; strict?: boolean } = {}): FakeProviderServer {
  let server: FakeProviderServer | undefined
  beforeAll(async () => {
    server = await startFakeProvider({ strict: options.strict ?? false })
  })
  afterAll(async () => {
    await server?.close()
  })
  beforeEach(() => {
    live().reset()
    for (const provider of options.envFor ?? []) {
      for (const [name, value] of Object.entries(live().envFor(provider))) vi.stubEnv(name, value)
    }
  })
  afterEach(() => {
    vi.unstubAllEnvs()
  })
  const live = (): FakeProviderServer => {
    if (server === undefined) throw new Error('the fake provider starts in beforeAll: use it inside hooks and tests')
    return server
  }
  return new Proxy({} as FakeProviderServer, {
    get(_target, key) {
      const value = Reflect.get(live(), key) as unknown
      return typeof value === 'function' ? (value.bind(live()) as unknown) : value
    },
  })
}
