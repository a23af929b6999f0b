import { InvalidInputError, messageSnippet, type MessagePart, type ScopedMemory, type StoredThread } from '@threadline/engine'
import { z } from 'zod'
import { callerKey, type Caller } from '../auth/caller.ts'
import { credentialHolds } from '../auth/credential-holds.ts'
import { resourceIdInput, threadIdInput, idInput } from '../inputs.ts'
import { modelInput } from '../playground/fixtures.ts'
import type { Services } from '../services.ts'
import { idempotencyKeyInput } from '../idempotency/idempotent-create.ts'
import { authedProcedure, createProcedure, router, writeProcedure } from '../trpc.ts'
import { streamComparison } from '../workbench/compare.ts'
import { forkThread, replacedTurn, resendableParts, type ReplacedTurn } from '../workbench/forks.ts'
import { modelChoice, modelOption } from '../workbench/providers.ts'
import { streamWorkbenchTurn, type RunParameters } from '../workbench/run-turn.ts'
import { workbenchCompat } from '../workbench/saved-rules/workbench-compat.ts'
import { contextWindowView } from '../workbench/turn-context.ts'

const messageText = z.string().trim().min(1, 'must not be empty').max(100_000)
const instructionsInput = z.string().max(100_000).optional()

/**
 * The run parameters a turn may set (docs/workbench.md, "Run parameters"):
 * temperature 0-2 (OpenAI's range; Anthropic's is 0-1, its provider refuses
 * more), and the most tokens the reply may have, 1-32,768. Absent: the
 * provider's defaults. One schema for every procedure that runs a turn: turn,
 * edit, regenerate and compare.
 */
const runParametersInput = z.object({
  temperature: z.number().min(0).max(2).optional(),
  maxTokens: z.number().int().min(1).max(32_768).optional(),
})

type RunParametersInput = z.infer<typeof runParametersInput>

/** The run parameters as the engine's call options name them. */
function runParameters(input: RunParametersInput): RunParameters {
  return { temperature: input.temperature, maxOutputTokens: input.maxTokens }
}

/** Every workbench call names the thread and its resource (as an agent's memory option does). */
const onThread = { threadId: threadIdInput, resourceId: resourceIdInput }

/**
 * A resource outside the caller's scope is FORBIDDEN (its own scope is no
 * secret to it); a thread that is not in the named resource is NOT_FOUND, as a
 * missing one is.
 */
async function workbenchThread(memory: ScopedMemory, input: { threadId: string; resourceId: string }): Promise<StoredThread> {
  memory.scope.require(input.resourceId)
  const thread = await memory.thread(input.threadId)
  if (thread.resourceId !== input.resourceId) throw new InvalidInputError('resourceId', `Thread "${input.threadId}" is not in resource "${input.resourceId}"`)
  return thread
}

/** A turn asks before each event whether its caller's credential still holds (revoked on any instance: it stops). */
function credentialCheck(ctx: { services: Services; caller: Caller }): () => Promise<boolean> {
  return () => credentialHolds(ctx.services.db.prisma, ctx.caller)
}

type ReplaceTurnInput = RunParametersInput & { threadId: string; resourceId: string; messageId: string; model: string; instructions?: string | undefined }

/** Edit and regenerate: a new branch cut before the replaced user message, and the turn streamed there (the branch goes if it fails). */
async function replaceTurn(
  ctx: { services: Services; memory: ScopedMemory; caller: Caller },
  input: ReplaceTurnInput,
  signal: AbortSignal | undefined,
  kind: 'edit' | 'regenerate',
  turnOf: (replaced: ReplacedTurn) => { title: string; input: MessagePart[] },
) {
  const thread = await workbenchThread(ctx.memory, input)
  const replaced = await replacedTurn(ctx.services.memory, thread, input.messageId, kind)
  const turn = turnOf(replaced)
  const fork = await forkThread(ctx.services.memory, thread, replaced.branchPointMessageId, {
    kind,
    title: turn.title,
    model: input.model,
    sourceMessageId: input.messageId,
  })
  return streamWorkbenchTurn({
    services: ctx.services,
    thread: fork.thread,
    callerKey: callerKey(ctx.caller),
    model: input.model,
    input: turn.input,
    instructions: input.instructions,
    parameters: runParameters(input),
    signal,
    credentialHolds: credentialCheck(ctx),
    branchedFrom: { threadId: thread.id, messageId: fork.branchPointMessageId },
    discardOnFailure: true,
  })
}

// Streaming procedures return an async iterable: served over httpBatchStreamLink
// (the admin UI and the typed client route `workbench.*` through it). The
// request's `signal` aborts the provider call when the caller goes away.
export const workbenchRouter = router({
  /** The models to offer (configured providers, or the scripted demo), with context windows; `hint` says which variable to set when none is configured. */
  models: authedProcedure.query(({ ctx }) => {
    // the UI asks for the models when a thread opens: start a sandbox worker (it loads the BPE tables, megabytes) before the first turn needs one
    // best effort: a full queue (many clients opening threads at once) only means no warm-up, never an unhandled rejection
    ctx.services.playground.warm().catch(() => undefined)
    return modelChoice()
  }),

  /** What a turn with `model` would send now (after the compat rules), section by section with token counts, and what is left out. */
  context: authedProcedure
    .input(z.strictObject({ ...onThread, model: modelInput, message: z.string().max(100_000).optional(), instructions: instructionsInput }))
    .query(async ({ ctx, input }) => {
      const thread = await workbenchThread(ctx.memory, input)
      const next = input.message?.trim() ? [{ type: 'text' as const, text: input.message }] : null
      return contextWindowView({
        services: ctx.services,
        thread,
        model: modelOption(input.model),
        compat: await workbenchCompat(ctx.services.rules, ctx.services.playground, callerKey(ctx.caller)),
        callerKey: callerKey(ctx.caller),
        instructions: input.instructions,
        next,
      })
    }),

  /** The next turn of the thread (or branch): the user message, then the model's reply, streamed; both saved when the turn succeeds. */
  turn: createProcedure
    .input(z.strictObject({ ...onThread, model: modelInput, message: messageText, instructions: instructionsInput, ...runParametersInput.shape }))
    .input(idempotencyKeyInput)
    .mutation(async ({ ctx, input, signal }) => {
      const thread = await workbenchThread(ctx.memory, input)
      return streamWorkbenchTurn({
        services: ctx.services,
        thread,
        callerKey: callerKey(ctx.caller),
        model: input.model,
        input: [{ type: 'text', text: input.message }],
        instructions: input.instructions,
        parameters: runParameters(input),
        signal,
        credentialHolds: credentialCheck(ctx),
        branchedFrom: null,
        discardOnFailure: false,
      })
    }),

  /** Edit a user message: a new branch cut before it gets the edited text and the turn runs there. */
  edit: writeProcedure
    .input(
      z.strictObject({
        ...onThread,
        messageId: idInput,
        message: messageText,
        model: modelInput,
        instructions: instructionsInput,
        ...runParametersInput.shape,
      }),
    )
    .mutation(async ({ ctx, input, signal }) => {
      return replaceTurn(ctx, input, signal, 'edit', (replaced) => ({
        title: `Edit: ${messageSnippet(replaced.userMessage, 48)}`,
        input: [{ type: 'text', text: input.message }],
      }))
    }),

  /** Regenerate an assistant message (optionally with another model): a new branch from the user message before it. */
  regenerate: writeProcedure
    .input(z.strictObject({ ...onThread, messageId: idInput, model: modelInput, instructions: instructionsInput, ...runParametersInput.shape }))
    .mutation(async ({ ctx, input, signal }) => {
      return replaceTurn(ctx, input, signal, 'regenerate', (replaced) => ({
        title: `Regenerate with ${input.model}`,
        input: resendableParts(replaced.userMessage),
      }))
    }),

  /** The same next message on 2-4 models in parallel, each on a new branch; events carry their column. */
  compare: writeProcedure
    .input(z.strictObject({ ...onThread, message: messageText, models: z.array(modelInput).min(2).max(4), ...runParametersInput.shape }))
    .mutation(async ({ ctx, input, signal }) => {
      const thread = await workbenchThread(ctx.memory, input)
      return streamComparison({
        services: ctx.services,
        thread,
        callerKey: callerKey(ctx.caller),
        models: input.models,
        text: input.message,
        parameters: runParameters(input),
        signal,
        credentialHolds: credentialCheck(ctx),
      })
    }),
})
