// One provider call with the exact (processed) prompt, through the model's own
// doGenerate/doStream: no AI SDK retries, nothing rewritten on the way.
// Streaming collects the stream into the same content doGenerate returns, and
// turns every failure inside the stream (an `error` part, a broken connection)
// into a thrown error, so error processors see it like an error before the
// first byte.
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
  SharedV3ProviderMetadata,
} from '@ai-sdk/provider'
import { ProviderStreamError } from '../errors/index.ts'
import { messageOf } from '../errors/inspect.ts'

export type StepOutput = {
  content: LanguageModelV3Content[]
  finishReason: LanguageModelV3FinishReason
  usage: LanguageModelV3Usage | undefined
  /** the model id the provider answered with (gen_ai.response.model), when it says */
  responseModel?: string
}

export type StepDelta =
  { type: 'text-delta'; text: string } | { type: 'reasoning-delta'; text: string } | { type: 'tool-call'; toolCallId: string; toolName: string; input: string }

export async function generateStep(model: LanguageModelV3, options: LanguageModelV3CallOptions): Promise<StepOutput> {
  const result = await model.doGenerate(options)
  const responseModel = result.response?.modelId
  return { content: result.content, finishReason: result.finishReason, usage: result.usage, ...(responseModel ? { responseModel } : {}) }
}

export async function streamStep(model: LanguageModelV3, options: LanguageModelV3CallOptions, onDelta: (delta: StepDelta) => void): Promise<StepOutput> {
  const { stream } = await model.doStream(options)
  const collector = new StreamCollector()
  const reader = stream.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      if (value.type === 'error') throw streamError(value.error)
      const delta = collector.add(value)
      if (delta) onDelta(delta)
    }
  } catch (error) {
    // free the connection of a failed attempt
    await reader.cancel().catch(() => undefined)
    throw error
  } finally {
    reader.releaseLock()
  }
  return collector.output()
}

/** Errors the SDK sends as stream parts are often plain objects: give them an Error with the payload as cause. */
export function streamError(error: unknown): unknown {
  if (error instanceof Error) return error
  return new ProviderStreamError(messageOf(error) ?? `provider stream error: ${JSON.stringify(error)}`, error)
}

type OpenBlock = { type: 'text' | 'reasoning'; text: string; providerMetadata: SharedV3ProviderMetadata | undefined }
/** in arrival order: text/reasoning blocks still growing, and complete parts */
type Entry = { block: OpenBlock } | { part: LanguageModelV3Content }

class StreamCollector {
  readonly #entries: Entry[] = []
  readonly #blocks = new Map<string, OpenBlock>()
  #finishReason: LanguageModelV3FinishReason = { unified: 'other', raw: undefined }
  #usage: LanguageModelV3Usage | undefined
  #responseModel: string | undefined

  add(part: LanguageModelV3StreamPart): StepDelta | undefined {
    switch (part.type) {
      case 'text-start':
      case 'reasoning-start':
        this.#block(part.type === 'text-start' ? 'text' : 'reasoning', part.id, part.providerMetadata)
        return undefined
      case 'text-delta':
      case 'reasoning-delta': {
        const type = part.type === 'text-delta' ? 'text' : 'reasoning'
        this.#block(type, part.id, part.providerMetadata).text += part.delta
        if (part.delta === '') return undefined
        return { type: part.type, text: part.delta }
      }
      case 'text-end':
      case 'reasoning-end':
        this.#block(part.type === 'text-end' ? 'text' : 'reasoning', part.id, part.providerMetadata)
        return undefined
      case 'tool-call':
        this.#entries.push({ part })
        return { type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input: part.input }
      case 'tool-result':
      case 'file':
        this.#entries.push({ part })
        return undefined
      case 'finish':
        this.#finishReason = part.finishReason
        this.#usage = part.usage
        return undefined
      case 'response-metadata':
        this.#responseModel = part.modelId ?? this.#responseModel
        return undefined
      default:
        return undefined
    }
  }

  output(): StepOutput {
    const content = this.#entries.map((entry): LanguageModelV3Content => {
      if ('part' in entry) return entry.part
      const { type, text, providerMetadata } = entry.block
      return { type, text, ...(providerMetadata ? { providerMetadata } : {}) }
    })
    const responseModel = this.#responseModel
    return { content, finishReason: this.#finishReason, usage: this.#usage, ...(responseModel ? { responseModel } : {}) }
  }

  /** The open text/reasoning block of that id (created on first sight); provider metadata of all its parts is merged. */
  #block(type: OpenBlock['type'], id: string, metadata: SharedV3ProviderMetadata | undefined): OpenBlock {
    const key = `${type}:${id}`
    let block = this.#blocks.get(key)
    if (!block) {
      block = { type, text: '', providerMetadata: undefined }
      this.#blocks.set(key, block)
      this.#entries.push({ block })
    }
    if (metadata) block.providerMetadata = mergeMetadata(block.providerMetadata, metadata)
    return block
  }
}

function mergeMetadata(current: SharedV3ProviderMetadata | undefined, next: SharedV3ProviderMetadata): SharedV3ProviderMetadata {
  const merged: SharedV3ProviderMetadata = { ...current }
  for (const [provider, values] of Object.entries(next)) merged[provider] = { ...merged[provider], ...values }
  return merged
}
