// Shared-history branches: creation, the inheritance query the guards use, and
// materialization. Effective-history reads are in effective-history.ts.
import { StorageError, type CreateBranchInput, type CreateBranchResult, type InheritingBranch } from '@threadline/engine'
import type { StorageContext } from './context.ts'

const pending = (what: string) => new StorageError(`${what} is not implemented yet (signatures-first commit of the branches stream)`)

export async function createBranch(_ctx: StorageContext, _input: CreateBranchInput): Promise<CreateBranchResult> {
  throw pending('createBranch')
}

export async function branchesInheriting(_ctx: StorageContext, _args: { threadId: string; messageIds?: string[] }): Promise<InheritingBranch[]> {
  throw pending('branchesInheriting')
}

export async function materializeBranchesOf(_ctx: StorageContext, _threadId: string): Promise<string[]> {
  throw pending('materializeBranchesOf')
}

export async function deleteMessages(_ctx: StorageContext, _args: { messageIds: string[]; threadId?: string }): Promise<number> {
  throw pending('deleteMessages')
}
