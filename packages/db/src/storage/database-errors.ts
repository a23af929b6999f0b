// Recognises the database failures the storage turns into typed engine errors.
// Prisma reports them as P2002/P2003/P2025 from model queries and as P2010
// (with the driver's SQLSTATE) from raw queries; pg and PGlite, used without
// Prisma (transfer/sql-transaction.ts), give the SQLSTATE as `code`.
import { StorageError, ThreadlineError } from '@threadline/engine'

type PrismaLikeError = { code?: unknown; meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } }

function sqlState(error: unknown): string | undefined {
  const code = (error as PrismaLikeError | null)?.meta?.driverAdapterError?.cause?.originalCode
  return typeof code === 'string' ? code : undefined
}

function prismaCode(error: unknown): unknown {
  return (error as PrismaLikeError | null)?.code
}

export function isUniqueViolation(error: unknown): boolean {
  const code = prismaCode(error)
  return code === 'P2002' || code === '23505' || sqlState(error) === '23505'
}

export function isForeignKeyViolation(error: unknown): boolean {
  return prismaCode(error) === 'P2003' || sqlState(error) === '23503'
}

/** An update/delete of a row that does not exist. */
export function isRecordNotFound(error: unknown): boolean {
  return prismaCode(error) === 'P2025'
}

/** Typed errors pass through; anything else becomes a StorageError that keeps the cause. */
export function toStorageError(error: unknown, operation: string): ThreadlineError {
  if (ThreadlineError.isInstance(error)) return error
  const reason = error instanceof Error ? error.message.trim().split('\n').at(-1) : String(error)
  return new StorageError(`${operation} failed: ${reason}`, error)
}

type AsyncMethods = Record<string, (...args: never[]) => Promise<unknown>>

/** The methods with unexpected failures turned into StorageError naming `scope.method` (typed engine errors pass through). */
export function reportingStorageErrors<T extends object>(methods: T, scope: string): T {
  const wrapped = Object.entries(methods as AsyncMethods).map(([name, method]) => [
    name,
    async (...args: never[]) => {
      try {
        return await method(...args)
      } catch (error) {
        throw toStorageError(error, `${scope}.${name}`)
      }
    },
  ])
  return Object.fromEntries(wrapped) as T
}
