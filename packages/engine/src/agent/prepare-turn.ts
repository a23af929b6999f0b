// The part of a turn before its first provider call: the thread, the tools
// (the working-memory tool joins the agent's own) and the context the Memory's
// options ask for. `agent.previewContext()` stops here, so the admin UI's
// context-window view shows exactly what a turn would send.
import type { ToolSet } from 'ai'
import { approximateTokenCounter, countText } from '../context/token-count.ts'
import { buildTurnContext, type TurnContext } from '../context/turn-context.ts'
import { UPDATE_WORKING_MEMORY_TOOL, updateWorkingMemoryTool } from '../context/working-memory.ts'
import { InvalidInputError } from '../errors/index.ts'
import type { StoredMessage } from '../messages/types.ts'
import type { StoredThread } from '../storage/types.ts'
import { inputToMessages, type MemoryTarget, type ValidatedCall } from './input.ts'
import { toolDefinitions } from './tools.ts'
import type { AgentConfig, AgentMemory } from './types.ts'

export type PreparedTurn = {
  memory: AgentMemory | undefined
  target: MemoryTarget
  thread: StoredThread | null
  /** creates the thread on its first write (a working-memory update, or the turn's messages at the end), once */
  ensureThread: () => Promise<unknown>
  tools: ToolSet
  functionTools: Awaited<ReturnType<typeof toolDefinitions>>
  /** the input as stored messages, not yet timestamped after the history */
  draft: StoredMessage[]
  /** null without memory */
  context: TurnContext | null
}

/** `input` null: no new message (a preview of the thread as it stands). */
export type TurnRequest = { input: ValidatedCall['input'] | null; memoryTarget: ValidatedCall['memoryTarget'] }

export async function prepareTurn(config: AgentConfig, call: TurnRequest): Promise<PreparedTurn> {
  const { memoryTarget } = call
  const memory = memoryTarget ? requireMemory(config) : undefined
  const target = memoryTarget ?? { threadId: '', resourceId: '' }
  const thread = memory && memoryTarget ? await loadThread(memory, memoryTarget) : null
  let threadCreation: Promise<unknown> | undefined = thread === null ? undefined : Promise.resolve()
  const ensureThread = () => (threadCreation ??= memory?.createThread({ threadId: target.threadId, resourceId: target.resourceId }) ?? Promise.resolve())

  // the agent's own tool of the same name wins over the working-memory tool
  const tools: ToolSet = { ...(memory ? workingMemoryTools(memory, target, ensureThread) : {}), ...(config.tools ?? {}) }
  const functionTools = await toolDefinitions(tools)
  const counter = config.tokenCounter ?? approximateTokenCounter
  const draft = call.input === null ? [] : inputToMessages(call.input, target, Date.now())
  const context =
    memory && memoryTarget
      ? await buildTurnContext({
          memory,
          thread,
          target,
          instructions: config.instructions,
          next: draft,
          contextWindow: config.contextWindow,
          replyReserve: config.replyReserve,
          tokenCounter: counter,
          toolTokens: functionTools.length > 0 ? await countText(counter, JSON.stringify(functionTools)) : 0,
        })
      : null
  return { memory, target, thread, ensureThread, tools, functionTools, draft, context }
}

function requireMemory(config: AgentConfig): AgentMemory {
  if (!config.memory) {
    throw new InvalidInputError('memory', `agent "${config.id}" has no memory: give new Agent({ memory }) to use threads`)
  }
  return config.memory
}

async function loadThread(memory: AgentMemory, target: MemoryTarget): Promise<StoredThread | null> {
  const thread = await memory.getThreadById({ threadId: target.threadId })
  if (thread && thread.resourceId !== target.resourceId) {
    throw new InvalidInputError('memory.resource', `thread "${target.threadId}" belongs to resource "${thread.resourceId}", not "${target.resourceId}"`)
  }
  return thread
}

/** With working memory on: the updateWorkingMemory tool, writing to the turn's thread (created first on its first turn). */
function workingMemoryTools(memory: AgentMemory, target: MemoryTarget, ensureThread: () => Promise<unknown>): ToolSet {
  const { enabled, template } = memory.options.workingMemory
  if (!enabled) return {}
  const save = async (text: string) => {
    await ensureThread()
    await memory.updateWorkingMemory({ threadId: target.threadId, resourceId: target.resourceId, workingMemory: text })
  }
  return { [UPDATE_WORKING_MEMORY_TOOL]: updateWorkingMemoryTool(template, save) }
}
