// The shape of a client: `threadline.<group>.<procedure>.query(input)` for a
// query, `.mutate(input)` for a write, `.stream(input)` for a streamed turn,
// `.iterate(input)` for every item of a paged list; all typed from the
// generated inputs and outputs.
import type { ThreadlineInputs, ThreadlineOutputs, ThreadlineProcedureKinds } from './generated/api-types.ts'
import type { PagedLists } from './paged-lists.ts'
import type { SaveAllOptions, SaveAllResult } from './save-all.ts'
import type { ThreadTransfer } from './thread-transfer.ts'

export type CallOptions = {
  /** aborting it ends the call (also while it waits to retry) with an ABORTED ThreadlineError */
  signal?: AbortSignal
  /** the longest the call takes, retries included (default: the client's `timeoutMs`); 0: no limit */
  timeoutMs?: number
}

export type MutationOptions = CallOptions & {
  /** sent as `Idempotency-Key`: the server answers a repeat with the first answer, so the write is retried on network errors and 5xx */
  idempotencyKey?: string
}

type Args<Input, Options> = undefined extends Input ? [input?: Input, options?: Options] : [input: Input, options?: Options]

type PageInput<Input> = Omit<Input, 'cursor' | 'page'>

type Iterable<Input, Output, ItemsField> = ItemsField extends keyof Output
  ? { iterate(...args: Args<PageInput<Input>, CallOptions>): AsyncIterable<Output[ItemsField] extends readonly (infer Item)[] ? Item : never> }
  : unknown

type Procedure<Input, Output, Kind> = Kind extends 'query'
  ? { query(...args: Args<Input, CallOptions>): Promise<Output> }
  : Kind extends 'mutation'
    ? { mutate(...args: Args<Input, MutationOptions>): Promise<Output> }
    : { stream(...args: Args<Input, CallOptions>): AsyncIterable<Output> }

type Member<Record, Key> = Record extends object ? (Key extends keyof Record ? Record[Key] : undefined) : undefined

type ClientOf<Inputs, Outputs, Kinds, Paged> = {
  [Key in keyof Kinds]: Kinds[Key] extends string
    ? Procedure<Member<Inputs, Key>, Member<Outputs, Key>, Kinds[Key]> & Iterable<Member<Inputs, Key>, Member<Outputs, Key>, Member<Paged, Key>>
    : ClientOf<Member<Inputs, Key>, Member<Outputs, Key>, Kinds[Key], Member<Paged, Key>>
}

type Procedures = ClientOf<ThreadlineInputs, ThreadlineOutputs, ThreadlineProcedureKinds, PagedLists>

export type ThreadlineClient = Procedures & {
  /** export and import as JSON Lines, streamed over REST (thread-transfer.ts) */
  threads: ThreadTransfer
  messages: {
    /** every message of a thread, oldest first, page by page (`messages.list.iterate`) */
    iterate: Procedures['messages']['list']['iterate']
    /**
     * Saves any number of messages in batches within the server's limits (1,000 messages and 4 MB by default),
     * one after another; a batch the server refuses as too large is split again. Saving is idempotent by id:
     * after a failure, run the same saveAll again.
     */
    saveAll(messages: ThreadlineInputs['messages']['save']['messages'], options?: SaveAllOptions): Promise<SaveAllResult>
  }
}
