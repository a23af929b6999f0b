import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { InvalidInputError, StorageError } from '@threadline/engine'
import { describe, expect, it } from 'vitest'
import { openDatabase } from './open-database.ts'
import { openTestDatabase } from './testing/index.ts'

describe('openDatabase', () => {
  it('keeps an embedded database in its folder across close and reopen', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'threadline-open-'))
    try {
      const first = await openDatabase(`file:${folder}`)
      expect(first.kind).toBe('pglite')
      await first.storage.createThread({ id: 'kept', resourceId: 'r', title: 'Still here' })
      await first.close()
      await first.close() // closing twice is harmless

      const again = await openDatabase(`file:${folder}`, { migrate: false })
      try {
        expect(await again.storage.getThreadById('kept')).toMatchObject({ title: 'Still here' })
      } finally {
        await again.close()
      }
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })

  it('refuses an unsupported URL', async () => {
    await expect(openDatabase('sqlite://x.db')).rejects.toBeInstanceOf(InvalidInputError)
  })

  it('reports an unreachable server as a StorageError and releases the pool', async () => {
    const error = await openDatabase('postgresql://postgres@127.0.0.1:1/none').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StorageError)
    expect((error as Error).message).toMatch(/^Applying migrations failed/)
  })
})

describe('openDatabase on a PostgreSQL server', () => {
  it('turns JIT off on its connections (short statements; JIT on each call cost more than the query)', async () => {
    const db = await openTestDatabase('postgres')
    try {
      const rows = await db.prisma.$queryRaw<{ jit: string }[]>`SHOW jit`
      expect(rows[0]?.jit).toBe('off')
    } finally {
      await db.close()
    }
  })
})
