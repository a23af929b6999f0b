// The ThreadTransfer port (@threadline/engine/storage) on Prisma: export and
// import as JSON Lines, streamed (export-thread.ts, import-thread.ts).
import type { ThreadTransfer } from '@threadline/engine/storage'
import type { PrismaClient } from '../generated/prisma/client.ts'
import { exportThreadLines } from './export-thread.ts'
import { importThreadLines } from './import-thread.ts'

export function createThreadTransfer(prisma: PrismaClient): ThreadTransfer {
  return {
    exportThread: (input) => exportThreadLines(prisma, input),
    importThread: (lines, input) => importThreadLines(prisma, lines, input),
  }
}
