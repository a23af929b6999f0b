// The provider switch matrix: every canonical history, produced on every
// SOURCE family, is continued on every TARGET family through the target's real
// AI SDK package against the loopback server in strict mode. Per cell, twice:
// - first attempt, ProviderHistoryCompat as an app adds it: accepted at once?
//   (its prompt checked against explain()'s, checked-against-explain.ts)
// - reactive only (its proactive rules off): accepted within one retry?
// and each accepted request must pass the no-silent-drop check.
import { Agent } from '../../agent/agent.ts'
import { messageOf } from '../../errors/inspect.ts'
import { expectedWireHistory, requestDrops } from '../../loopback-provider/silent-drops.ts'
import type { FakeProviderServer } from '../../loopback-provider/fake-provider-server.ts'
import { reply } from '../../loopback-provider/fake-replies.ts'
import type { Memory } from '../../memory/memory.ts'
import { ProviderHistoryCompat } from '../../processors/provider-history-compat/provider-history-compat.ts'
import { reactiveOnly } from '../../processors/provider-history-compat/reactive-only.ts'
import type { Processor } from '../../processors/types.ts'
import { canonicalHistories, switchTools, type CanonicalHistory } from './canonical-histories.ts'
import { checkedAgainstExplain } from './checked-against-explain.ts'
import { switchFamilies, type SwitchFamily } from './switch-families.ts'

/** One continuation of a history on a target. */
export type SwitchAttempt = {
  /** the turn succeeded */
  accepted: boolean
  /** retries the processors granted */
  retries: number
  /** requests that reached the target */
  requests: number
  /** why the target (or the SDK before it) refused, when it did */
  rejection?: string
  /** what the accepted request lost (silentDrops) */
  drops: string[]
}

export type SwitchCell = { source: string; target: string; history: string; firstAttempt: SwitchAttempt; afterRepair: SwitchAttempt }

/** Accepted on the first request, nothing dropped. */
export const firstAttemptGreen = (attempt: SwitchAttempt): boolean => attempt.accepted && attempt.requests === 1 && attempt.drops.length === 0
/** Accepted within one retry, nothing dropped. */
export const afterRepairGreen = (attempt: SwitchAttempt): boolean => attempt.accepted && attempt.retries <= 1 && attempt.drops.length === 0

export type SwitchMatrixOptions = {
  memory: Memory
  /** a loopback server started with `strict: true` */
  server: FakeProviderServer
  families?: readonly SwitchFamily[]
  histories?: readonly CanonicalHistory[]
  /** the resource every thread belongs to */
  resourceId?: string
}

const CONTINUE = 'Please go on.'

export async function runSwitchMatrix(options: SwitchMatrixOptions): Promise<SwitchCell[]> {
  const { memory, server, families = switchFamilies, histories = canonicalHistories } = options
  const resourceId = options.resourceId ?? 'switch-matrix'
  let counter = 0
  const newThreadId = () => `switch-${Date.now().toString(36)}-${++counter}`
  const cells: SwitchCell[] = []
  for (const source of families) {
    for (const history of histories) {
      server.reset()
      const produced = await history.produce({ memory, server, source, newThreadId, resourceId })
      for (const target of families) {
        const continueOn = (processor: Processor) => continueHistory({ memory, server, target, processor, produced, newThreadId, resourceId })
        const compat = new ProviderHistoryCompat()
        const firstAttempt = await continueOn(checkedAgainstExplain(compat))
        const afterRepair = await continueOn(reactiveOnly(compat))
        cells.push({ source: source.name, target: target.name, history: history.name, firstAttempt, afterRepair })
      }
    }
  }
  return cells
}

type ContinueArgs = {
  memory: Memory
  server: FakeProviderServer
  target: SwitchFamily
  processor: Processor
  produced: string
  newThreadId: () => string
  resourceId: string
}

/** A clone of the produced thread, continued by one turn on the target. */
async function continueHistory({ memory, server, target, processor, produced, newThreadId, resourceId }: ContinueArgs): Promise<SwitchAttempt> {
  const { thread } = await memory.cloneThread({ sourceThreadId: produced, newThreadId: newThreadId() })
  const expected = expectedWireHistory([...(await memory.listMessages({ threadId: thread.id })), userText(CONTINUE)])
  server.reset()
  server.enqueue(target.name, reply.text(`Continued on ${target.name}.`))
  const agent = new Agent({
    id: `target-${target.name}`,
    name: target.name,
    instructions: 'You are a concise assistant.',
    model: target.model(server.baseUrl(target.name)),
    tools: switchTools,
    inputProcessors: [processor],
    memory,
  })
  const sent = () => server.requests.filter((request) => request.provider === target.name)
  try {
    const result = await agent.generate(CONTINUE, { memory: { thread: thread.id, resource: resourceId } })
    return {
      accepted: true,
      retries: result.retries,
      requests: sent().length,
      drops: requestDrops(server, sent().at(-1), expected, 'the accepted request'),
    }
  } catch (error) {
    return { accepted: false, retries: 0, requests: sent().length, rejection: (messageOf(error) ?? String(error)).slice(0, 160), drops: [] }
  }
}

function userText(text: string): Parameters<typeof expectedWireHistory>[0][number] {
  return {
    id: 'continue',
    threadId: '',
    resourceId: '',
    role: 'user',
    createdAt: new Date(0),
    type: 'v2',
    content: { format: 2, parts: [{ type: 'text', text }] },
  }
}
