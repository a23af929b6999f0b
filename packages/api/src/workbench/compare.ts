// A comparison: the same next user message on 2-4 models (or one model on
// 2-4 branches), each on its own new branch cut at the thread's last message,
// run in parallel; the columns' events are merged into one stream as they come.
import { randomUUID } from 'node:crypto'
import { EventChannel, type StoredThread } from '@threadline/engine'
import type { Services } from '../services.ts'
import { forkThread } from './forks.ts'
import { streamWorkbenchTurn, type RunParameters } from './run-turn.ts'
import type { CompareEvent } from './turn-events.ts'

export type CompareRequest = {
  services: Services
  thread: StoredThread
  /** whose comparison this is; each column is its own caller of the worker pool (at most 4), so the columns run side by side */
  callerKey: string
  models: string[]
  text: string
  /** every column's run parameters (the same for all: the models are what is compared) */
  parameters?: RunParameters | undefined
  signal?: AbortSignal | undefined
  /** each column's turn asks it before each event (WorkbenchTurnRequest) */
  credentialHolds: () => Promise<boolean>
}

export async function* streamComparison(request: CompareRequest): AsyncGenerator<CompareEvent> {
  const { services, thread } = request
  const [last] = await services.memory.listMessages({ threadId: thread.id, last: 1 })
  const comparisonId = randomUUID()
  const forks = await Promise.all(
    request.models.map((model, column) =>
      forkThread(services.memory, thread, last?.id ?? null, {
        kind: 'compare',
        title: `Compare ${column + 1}/${request.models.length}: ${model}`,
        model,
        comparisonId,
      }),
    ),
  )
  const channel = new EventChannel<CompareEvent>()
  const columns = forks.map(async (fork, column) => {
    try {
      const turn = streamWorkbenchTurn({
        services,
        thread: fork.thread,
        callerKey: `${request.callerKey}#compare-${column}`,
        model: request.models[column] ?? '',
        input: [{ type: 'text', text: request.text }],
        parameters: request.parameters,
        signal: request.signal,
        credentialHolds: request.credentialHolds,
        branchedFrom: { threadId: thread.id, messageId: fork.branchPointMessageId },
        discardOnFailure: true,
      })
      for await (const event of turn) channel.push({ ...event, column })
    } catch (error) {
      // one column failing does not stop the others
      channel.push({ type: 'failed', column, message: error instanceof Error ? error.message : String(error) })
    }
  })
  void Promise.all(columns).then(() => channel.close())
  yield* channel
}
