// The Agent: instructions + model + tools + processors (+ memory), answering
// with generate() or stream(). Nothing is added to an agent that did not ask
// for it: processors run only when given.
import type { LanguageModelV3 } from '@ai-sdk/provider'
import { z } from 'zod'
import { DEFAULT_CONTEXT_WINDOW } from '../context/context-budget.ts'
import type { TurnContext } from '../context/turn-context.ts'
import { InvalidInputError, ModelResolutionError } from '../errors/index.ts'
import { parseInput } from '../validation/parse-input.ts'
import { EventChannel } from './event-channel.ts'
import { validateCall } from './input.ts'
import { prepareTurn } from './prepare-turn.ts'
import { runTurn } from './run-turn.ts'
import type { AgentCallOptions, AgentConfig, AgentInput, AgentResult, AgentStream, AgentStreamEvent } from './types.ts'

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

const modelObjectSchema = z.custom<LanguageModelV3>(
  (value) => isObject(value) && typeof value.doGenerate === 'function' && typeof value.doStream === 'function',
  'expected a "provider/model" string or an AI SDK language model object',
)
const processorSchema = z.custom(
  (value) => isObject(value) && typeof value.id === 'string',
  'expected a processor (an object with an `id` and processLLMRequest/processAPIError hooks)',
)

const configSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  instructions: z.string(),
  model: z.union([z.string().min(1), modelObjectSchema]),
  tools: z
    .record(
      z.string(),
      z.custom((value) => isObject(value), 'expected a tool definition'),
    )
    .optional(),
  inputProcessors: z.array(processorSchema).optional(),
  errorProcessors: z.array(processorSchema).optional(),
  maxProcessorRetries: z.number().int().nonnegative().optional(),
  memory: z
    .custom(
      (value) => isObject(value) && typeof value.recall === 'function' && typeof value.saveMessages === 'function' && isObject(value.options),
      'expected a Memory',
    )
    .optional(),
  maxSteps: z.number().int().positive().optional(),
  logger: z.custom((value) => isObject(value) && typeof value.warn === 'function', 'expected a logger with warn()').optional(),
  onEvent: z.custom((value) => typeof value === 'function', 'expected a function receiving LLM-call events').optional(),
  contextWindow: z.number().int().positive().optional(),
  replyReserve: z.number().int().nonnegative().optional(),
  tokenCounter: z.custom((value) => isObject(value) && typeof value.countAll === 'function', 'expected a token counter with countAll(texts)').optional(),
})

export class Agent {
  readonly id: string
  readonly name: string
  readonly #config: AgentConfig

  constructor(config: AgentConfig) {
    parseInput(configSchema, config)
    const window = config.contextWindow ?? DEFAULT_CONTEXT_WINDOW
    if (config.replyReserve !== undefined && config.replyReserve >= window) {
      throw new InvalidInputError('replyReserve', `must be below the context window (${window} tokens)`)
    }
    if (typeof config.model === 'string' && !/^[^/]+\/.+$/.test(config.model)) {
      throw new ModelResolutionError(config.model, 'expected "provider/model-id", e.g. "anthropic/claude-sonnet-4-5"')
    }
    this.id = config.id
    this.name = config.name
    this.#config = { ...config }
  }

  get instructions(): string {
    return this.#config.instructions
  }

  get model(): AgentConfig['model'] {
    return this.#config.model
  }

  /**
   * The context a turn with this input would send now (`null`: the thread as
   * it stands, no new message), built by the same code as generate/stream,
   * without calling the model or writing anything. Needs `options.memory`.
   */
  async previewContext(input: AgentInput | null, options: AgentCallOptions & { memory: NonNullable<AgentCallOptions['memory']> }): Promise<TurnContext> {
    const call = input === null ? { ...validateCall('-', options), input: null } : validateCall(input, options)
    const { context } = await prepareTurn(this.#config, call)
    if (context === null) throw new InvalidInputError('memory', 'previewContext needs options.memory')
    return context
  }

  async generate(input: AgentInput, options?: AgentCallOptions): Promise<AgentResult> {
    return runTurn(this.#config, validateCall(input, options))
  }

  /**
   * Starts the turn at once. Bad input throws here; provider and memory errors
   * end the iteration and reject `text`/`result`.
   */
  stream(input: AgentInput, options?: AgentCallOptions): AgentStream {
    const call = validateCall(input, options)
    const channel = new EventChannel<AgentStreamEvent>()
    const result = runTurn(this.#config, call, (event) => channel.push(event))
    result.then(
      () => channel.close(),
      (error: unknown) => channel.fail(error),
    )
    const text = result.then((settled) => settled.text)
    // a consumer that only iterates must not leave these rejections unhandled
    text.catch(() => undefined)
    return {
      text,
      result,
      [Symbol.asyncIterator]: () => channel[Symbol.asyncIterator](),
    }
  }
}
