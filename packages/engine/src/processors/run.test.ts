// The runner's own logic, with a scripted `call`. Provider behaviour over real
// HTTP is covered by the agent tests.
import { describe, expect, it, vi } from 'vitest'
import { InvalidInputError } from '../errors/index.ts'
import { toPrompt } from '../messages/to-prompt.ts'
import type { StoredMessage } from '../messages/types.ts'
import { ProcessorStates, resolveMaxProcessorRetries, runLLMCall, type LLMCallRetry, type RunLLMCallOptions } from './run.ts'
import type { LanguageModelPrompt, Processor } from './types.ts'

function userMessage(id: string, text: string): StoredMessage {
  return { id, threadId: 't', resourceId: 'r', role: 'user', createdAt: new Date(0), content: { format: 2, parts: [{ type: 'text', text }] } }
}

class ProviderError extends Error {}

/** A call failing `failures` times (each with a new error), then answering 'ok'. */
function scriptedCall(failures: number) {
  const prompts: LanguageModelPrompt[] = []
  const errors: ProviderError[] = []
  const call = vi.fn(async (prompt: LanguageModelPrompt) => {
    prompts.push(prompt)
    if (prompts.length <= failures) {
      const error = new ProviderError(`failure ${prompts.length}`)
      errors.push(error)
      throw error
    }
    return 'ok'
  })
  return { call, prompts, errors }
}

function options(overrides: Partial<RunLLMCallOptions<string>> & Pick<RunLLMCallOptions<string>, 'call'>): RunLLMCallOptions<string> {
  return {
    messages: [userMessage('u1', 'hello')],
    buildPrompt: (messages) => toPrompt(messages),
    model: 'anthropic/claude-sonnet-4-5',
    inputProcessors: [],
    errorProcessors: [],
    maxProcessorRetries: 10,
    stepNumber: 0,
    states: new ProcessorStates(),
    persistMessages: async () => [],
    logger: { warn: vi.fn() },
    ...overrides,
  }
}

const alwaysRetry = (id = 'always'): Processor => ({ id, name: id, processAPIError: () => ({ retry: true }) })

describe('resolveMaxProcessorRetries', () => {
  it('defaults to 10 when a processor handles API errors, else 0; an explicit value wins', () => {
    expect(resolveMaxProcessorRetries(undefined, [alwaysRetry()])).toBe(10)
    expect(resolveMaxProcessorRetries(undefined, [{ id: 'p', name: 'p', processLLMRequest: () => undefined }])).toBe(0)
    expect(resolveMaxProcessorRetries(undefined, [])).toBe(0)
    expect(resolveMaxProcessorRetries(3, [])).toBe(3)
    expect(resolveMaxProcessorRetries(0, [alwaysRetry()])).toBe(0)
  })

  it('rejects a negative or fractional budget', () => {
    expect(() => resolveMaxProcessorRetries(-1, [])).toThrow(InvalidInputError)
    expect(() => resolveMaxProcessorRetries(1.5, [])).toThrow(InvalidInputError)
  })
})

describe('runLLMCall', () => {
  it('chains input processors: each sees the previous prompt; the messages are never changed', async () => {
    const seen: string[] = []
    const tag = (label: string): Processor => ({
      id: label,
      name: label,
      processLLMRequest: ({ prompt }) => {
        seen.push(JSON.stringify(prompt.at(-1)))
        return { prompt: [...prompt, { role: 'user', content: [{ type: 'text', text: label }] }] }
      },
    })
    const unchanged: Processor = { id: 'none', name: 'none', processLLMRequest: () => undefined }
    const { call, prompts } = scriptedCall(0)
    const messages = [userMessage('u1', 'hello')]
    const before = structuredClone(messages)
    await runLLMCall(options({ call, messages, inputProcessors: [tag('A'), unchanged, tag('B')] }))
    expect(seen).toEqual([
      JSON.stringify({ role: 'user', content: [{ type: 'text', text: 'hello' }] }),
      JSON.stringify({ role: 'user', content: [{ type: 'text', text: 'A' }] }),
    ])
    expect(prompts[0]?.map((m) => (m.role === 'user' ? (m.content[0] as { text: string }).text : m.role))).toEqual(['hello', 'A', 'B'])
    expect(messages).toEqual(before)
  })

  it('an always-retry processor yields 11 calls by default, and the last error is thrown', async () => {
    const { call, errors } = scriptedCall(Infinity)
    const error = await runLLMCall(options({ call, errorProcessors: [alwaysRetry()] })).catch((e: unknown) => e)
    expect(call).toHaveBeenCalledTimes(11)
    expect(error).toBe(errors.at(-1))
  })

  it.each([
    [0, 1],
    [3, 4],
  ])('maxProcessorRetries %i yields %i calls', async (maxProcessorRetries, calls) => {
    const { call, errors } = scriptedCall(Infinity)
    const error = await runLLMCall(options({ call, maxProcessorRetries, errorProcessors: [alwaysRetry()] })).catch((e: unknown) => e)
    expect(call).toHaveBeenCalledTimes(calls)
    expect(error).toBe(errors.at(-1))
  })

  it('without a retry the error is thrown as it is, after one call', async () => {
    const { call, errors } = scriptedCall(1)
    const declines: Processor = { id: 'no', name: 'no', processAPIError: () => ({ retry: false }) }
    const error = await runLLMCall(options({ call, errorProcessors: [declines] })).catch((e: unknown) => e)
    expect(error).toBe(errors[0])
    expect(call).toHaveBeenCalledTimes(1)
  })

  it('asks input processors first, then error processors, and stops at the first retry', async () => {
    const order: string[] = []
    const processor = (id: string, retry: boolean | undefined): Processor => ({
      id,
      name: id,
      processAPIError: () => {
        order.push(id)
        return retry === undefined ? undefined : { retry }
      },
    })
    const { call } = scriptedCall(1)
    const onRetry = vi.fn()
    const result = await runLLMCall(
      options({
        call,
        inputProcessors: [processor('input', undefined)],
        errorProcessors: [processor('declines', false), processor('grants', true), processor('never-asked', true)],
        onRetry,
      }),
    )
    expect(result).toBe('ok')
    expect(order).toEqual(['input', 'declines', 'grants'])
    expect(onRetry).toHaveBeenCalledWith(expect.objectContaining({ attempt: 1, processorId: 'grants', reason: 'failure 1' }))
  })

  it('logs and skips a processor that throws', async () => {
    const broken: Processor = {
      id: 'broken',
      name: 'broken',
      processAPIError: () => {
        throw new Error('bug')
      },
    }
    const warn = vi.fn()
    const { call } = scriptedCall(1)
    await expect(runLLMCall(options({ call, logger: { warn }, errorProcessors: [broken, alwaysRetry()] }))).resolves.toBe('ok')
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"broken"'), expect.any(Error))
  })

  it('passes retryCount, stepNumber, model, live messages and a per-processor state', async () => {
    const seen: { retryCount: number; stepNumber: number; model: unknown; state: object }[] = []
    const messages = [userMessage('u1', 'hello')]
    const recorder: Processor = {
      id: 'rec',
      name: 'rec',
      processAPIError: (args) => {
        expect(args.messages).toBe(messages)
        args.state.calls = ((args.state.calls as number | undefined) ?? 0) + 1
        seen.push({ retryCount: args.retryCount, stepNumber: args.stepNumber, model: args.model, state: args.state })
        return { retry: true }
      },
    }
    const { call } = scriptedCall(2)
    await runLLMCall(options({ call, messages, stepNumber: 3, errorProcessors: [recorder] }))
    expect(seen.map((s) => s.retryCount)).toEqual([0, 1])
    expect(seen.every((s) => s.stepNumber === 3 && s.model === 'anthropic/claude-sonnet-4-5')).toBe(true)
    expect(seen[0]?.state).toBe(seen[1]?.state)
    expect(seen[1]?.state).toEqual({ calls: 2 })
  })

  it('persists the messages a processor changed before retrying, and rebuilds the prompt from them', async () => {
    const messages = [userMessage('u1', 'bad id'), userMessage('u2', 'untouched')]
    const repair: Processor = {
      id: 'repair',
      name: 'repair',
      processAPIError: ({ messages: live, retryCount }) => {
        if (retryCount > 0) return undefined
        const part = live[0]?.content.parts[0]
        if (part?.type === 'text') part.text = 'good id'
        return { retry: true }
      },
    }
    const persisted: StoredMessage[][] = []
    const retries: LLMCallRetry[] = []
    const { call, prompts } = scriptedCall(1)
    await runLLMCall(
      options({
        call,
        messages,
        errorProcessors: [repair],
        persistMessages: async (changed) => {
          persisted.push(structuredClone(changed))
          return []
        },
        onRetry: (retry) => {
          retries.push(retry)
        },
      }),
    )
    expect(persisted).toHaveLength(1)
    expect(persisted[0]?.map((m) => m.id)).toEqual(['u1'])
    expect(JSON.stringify(prompts[1])).toContain('good id')
    expect(JSON.stringify(prompts[0])).toContain('bad id')
    expect(retries[0]?.changedMessages.map((m) => m.id)).toEqual(['u1'])
  })

  it('does not persist anything when the processors changed nothing', async () => {
    const persistMessages = vi.fn(async () => [])
    const { call } = scriptedCall(1)
    await runLLMCall(options({ call, persistMessages, errorProcessors: [alwaysRetry()] }))
    expect(persistMessages).not.toHaveBeenCalled()
  })

  it('does not ask processors once the call was aborted', async () => {
    const controller = new AbortController()
    const processAPIError = vi.fn(() => ({ retry: true }))
    const call = vi.fn(async () => {
      controller.abort()
      throw new Error('aborted')
    })
    await expect(runLLMCall(options({ call, abortSignal: controller.signal, errorProcessors: [{ id: 'p', name: 'p', processAPIError }] }))).rejects.toThrow(
      'aborted',
    )
    expect(processAPIError).not.toHaveBeenCalled()
  })

  it('an abort while a processor waits ends the call with the abort reason', async () => {
    const controller = new AbortController()
    const waits: Processor = {
      id: 'waits',
      name: 'waits',
      processAPIError: () => {
        controller.abort(new Error('stop'))
        return { retry: true }
      },
    }
    const { call } = scriptedCall(Infinity)
    await expect(runLLMCall(options({ call, abortSignal: controller.signal, errorProcessors: [waits] }))).rejects.toThrow('stop')
    expect(call).toHaveBeenCalledTimes(1)
  })
})
