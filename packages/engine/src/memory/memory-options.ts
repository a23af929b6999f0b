import { z } from 'zod'
import { DEFAULT_EMBEDDING_BATCH_SIZE } from '../embedders/types.ts'
import type { ObservationalMemoryScope, WorkingMemoryScope } from '../storage/types.ts'

// Memory's options, validated once in the constructor and resolved to their
// defaults, so the rest of the code never deals with `true`/`undefined`.

const DEFAULT_LAST_MESSAGES = 10
const DEFAULT_TOP_K = 4
const DEFAULT_MESSAGE_RANGE = 1

const messageRangeSchema = z.union([
  z.number().int().nonnegative(),
  z.strictObject({ before: z.number().int().nonnegative(), after: z.number().int().nonnegative() }),
])

/** How recall finds messages: full-text and vectors fused (hybrid), or one arm alone. */
export const recallModeSchema = z.enum(['hybrid', 'vector', 'text'])
export type RecallMode = z.output<typeof recallModeSchema>

const semanticRecallSchema = z.union([
  z.boolean(),
  z.strictObject({
    topK: z.number().int().positive().max(1000).optional(),
    messageRange: messageRangeSchema.optional(),
    scope: z.enum(['thread', 'resource']).optional(),
    /** default: 'hybrid' with an embedder, 'text' without one */
    mode: recallModeSchema.optional(),
  }),
])

export const memoryOptionsSchema = z.strictObject({
  /** messages recall returns from the end of the thread; false = none */
  lastMessages: z.union([z.number().int().nonnegative(), z.literal(false)]).optional(),
  semanticRecall: semanticRecallSchema.optional(),
  workingMemory: z
    .strictObject({
      enabled: z.boolean(),
      scope: z.enum(['thread', 'resource']).optional(),
      /** the initial value, returned while nothing is stored */
      template: z.string().optional(),
    })
    .optional(),
  observationalMemory: z.strictObject({ enabled: z.boolean(), scope: z.enum(['thread', 'resource']).optional() }).optional(),
  /** texts per embedding call (default 100) */
  embeddingBatchSize: z.number().int().positive().max(10_000).optional(),
})

export type MemoryOptions = z.input<typeof memoryOptionsSchema>

export type SemanticRecallConfig = {
  topK: number
  messageRange: { before: number; after: number }
  scope: 'thread' | 'resource'
  mode: RecallMode
}

export type ResolvedMemoryOptions = {
  lastMessages: number
  /** null when semantic recall is off */
  semanticRecall: SemanticRecallConfig | null
  workingMemory: { enabled: boolean; scope: WorkingMemoryScope; template: string | null }
  observationalMemory: { enabled: boolean; scope: ObservationalMemoryScope }
  embeddingBatchSize: number
}

/** Whether messages get vectors: recall is on and its mode uses the vector arm. */
export function indexesVectors(options: Pick<ResolvedMemoryOptions, 'semanticRecall'>): boolean {
  return options.semanticRecall !== null && options.semanticRecall.mode !== 'text'
}

/**
 * Defaults: the last 10 messages; semantic recall off (`true` = top 4 matches
 * with 1 neighbour each side, across the resource, hybrid when `hasEmbedder`,
 * full-text alone otherwise); working memory off,
 * resource-scoped when on (docs/spec/data-model.md); observational memory off,
 * thread-scoped when on.
 */
export function resolveMemoryOptions(options: z.output<typeof memoryOptionsSchema>, hasEmbedder = false): ResolvedMemoryOptions {
  const recall = options.semanticRecall ?? false
  const range = recall === false || recall === true ? undefined : recall.messageRange
  return {
    lastMessages: options.lastMessages === false ? 0 : (options.lastMessages ?? DEFAULT_LAST_MESSAGES),
    semanticRecall:
      recall === false
        ? null
        : {
            topK: (recall === true ? undefined : recall.topK) ?? DEFAULT_TOP_K,
            messageRange:
              range === undefined
                ? { before: DEFAULT_MESSAGE_RANGE, after: DEFAULT_MESSAGE_RANGE }
                : typeof range === 'number'
                  ? { before: range, after: range }
                  : range,
            scope: (recall === true ? undefined : recall.scope) ?? 'resource',
            mode: (recall === true ? undefined : recall.mode) ?? (hasEmbedder ? 'hybrid' : 'text'),
          },
    workingMemory: {
      enabled: options.workingMemory?.enabled ?? false,
      scope: options.workingMemory?.scope ?? 'resource',
      template: options.workingMemory?.template ?? null,
    },
    observationalMemory: {
      enabled: options.observationalMemory?.enabled ?? false,
      scope: options.observationalMemory?.scope ?? 'thread',
    },
    embeddingBatchSize: options.embeddingBatchSize ?? DEFAULT_EMBEDDING_BATCH_SIZE,
  }
}
