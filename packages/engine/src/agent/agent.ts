// The Agent: instructions + model + tools + processors (+ memory), answering
// with generate() or stream(). Nothing is added to an agent that did not ask
// for it: processors run only when given.
import type { LanguageModelV3 } from '@ai-sdk/provider'
import { z } from 'zod'
import { ModelResolutionError } from '../errors/index.ts'
import { parseInput } from '../validation/parse-input.ts'
import { EventChannel } from './event-channel.ts'
import { validateCall } from './input.ts'
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
    .custom((value) => isObject(value) && typeof value.listMessages === 'function' && typeof value.saveMessages === 'function', 'expected a Memory')
    .optional(),
  maxSteps: z.number().int().positive().optional(),
  logger: z.custom((value) => isObject(value) && typeof value.warn === 'function', 'expected a logger with warn()').optional(),
  onEvent: z.custom((value) => typeof value === 'function', 'expected a function receiving LLM-call events').optional(),
})

export class Agent {
  readonly id: string
  readonly name: string
  readonly #config: AgentConfig

  constructor(config: AgentConfig) {
    parseInput(configSchema, config)
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
