// A real database failure (its table renamed away under the server) reaches
// the client as a generic message with an error ID; the details are logged
// under that ID.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { INTERNAL_ERROR_MESSAGE } from './internal-errors.ts'
import { logger } from './logger.ts'
import { startApiHarness, type ApiHarness } from './testing/api-harness.ts'
import { failureOf } from './testing/errors.ts'

describe('internal errors', () => {
  let api: ApiHarness
  beforeAll(async () => {
    api = await startApiHarness()
  }, 120_000)
  afterAll(() => api.close())

  it('hide the database error behind an error ID that the log carries with the details', async () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined)
    await api.db.prisma.$executeRawUnsafe('ALTER TABLE api_tokens RENAME TO api_tokens_elsewhere')
    try {
      const failure = await failureOf(api.operator.tokens.list.query())
      expect(failure).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 })
      expect(failure.message).toContain(INTERNAL_ERROR_MESSAGE)
      expect(failure.message).not.toMatch(/prisma|api_tokens|does not exist|invocation/i)
      const errorId = /error ID ([0-9a-f-]{36})/.exec(failure.message)?.[1]
      expect(errorId).toBeDefined()
      const [fields] = logged.mock.calls.at(-1) as unknown as [{ errorId: string; path: string; err: Error }]
      expect(fields).toMatchObject({ errorId, path: 'tokens.list' })
      expect(String(fields.err)).toMatch(/api_tokens/)
    } finally {
      await api.db.prisma.$executeRawUnsafe('ALTER TABLE api_tokens_elsewhere RENAME TO api_tokens')
      logged.mockRestore()
    }
  })
})
