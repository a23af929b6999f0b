// The engine's ThreadQueries (the admin UI's read model of threads) over Prisma.
import type { ThreadQueries } from '@threadline/engine/storage'
import type { PrismaClient } from '../generated/prisma/client.ts'
import { reportingStorageErrors } from '../storage/database-errors.ts'
import { searchMessageText } from './message-search.ts'
import { listResources } from './resource-list.ts'
import { listThreadPage } from './thread-list.ts'

export function createThreadQueries(prisma: PrismaClient): ThreadQueries {
  return reportingStorageErrors(
    {
      listThreads: (query) => listThreadPage(prisma, query),
      listResources: (input) => listResources(prisma, input),
      searchMessages: (query) => searchMessageText(prisma, query),
    } satisfies ThreadQueries,
    'threadQueries',
  )
}
