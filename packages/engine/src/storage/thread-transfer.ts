// Thread export and import as JSON Lines (docs/export-format.md): a port
// beside MemoryStorage, as ThreadQueries is, so a storage that serves Memory
// need not implement it; packages/db does, streaming both ways. The caller's
// tenant scope is an argument (`resourceIds`, null: every resource): a thread
// outside it is not found, a resource outside it is refused.

export type ThreadExportInput = {
  threadId: string
  resourceIds: readonly string[] | null
  /** the thread's branches too, and theirs */
  branches: boolean
}

export type ThreadImportInput = {
  resourceIds: readonly string[] | null
  /** import under this id (its branches' and messages' ids get a suffix made from it); default: the exported ids */
  newThreadId?: string
  /** the resource to import into; default: the exported thread's */
  resourceId?: string
}

/** `existing`: the thread was imported before (same id, same resource); nothing was written. */
export type ThreadImportResult = { status: 'imported' | 'existing'; threadId: string; resourceId: string; threads: number; messages: number }

export type ThreadTransfer = {
  /** The export's lines (no line breaks), read as they are pulled: ThreadNotFoundError before the first when the thread is not in scope. */
  exportThread(input: ThreadExportInput): AsyncGenerator<string, void, undefined>
  /** Imports an export given as its lines, all or nothing; a bad line is an InvalidInputError naming `lines[N]`. */
  importThread(lines: AsyncIterable<string>, input: ThreadImportInput): Promise<ThreadImportResult>
}
