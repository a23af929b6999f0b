import type { NewObservationalMemoryRecord } from '@threadline/engine/storage'
import { acmeRefund } from './acme-support.ts'
import type { SeedThread } from './builders.ts'
import { GLOBEX, globexElectrolytes, globexMarketSizing } from './globex-research.ts'
import { initechIncident } from './initech-ops.ts'

// Observational memory with generations: each key's records are inserted in
// order, so the last one listed is the current (highest) generation.

export type SeedObservationalMemory = NewObservationalMemoryRecord & { id: string; createdAt: Date; updatedAt: Date }

/** Ids of messages `from`..`to` (1-based, inclusive) of a seed thread. */
function messageIds(seed: SeedThread, from: number, to: number): string[] {
  return seed.messages.slice(from - 1, to).map((message) => message.id)
}

function messageTime(seed: SeedThread, position: number): Date {
  const message = seed.messages[position - 1]
  if (!message) throw new Error(`Seed thread ${seed.thread.id} has no message ${position}`)
  return message.createdAt
}

function group(ids: string[], lines: string[]): string {
  return [`<observation-group range="${ids[0]}:${ids.at(-1)}">`, ...lines, '</observation-group>'].join('\n')
}

const transient = { isObserving: false, isReflecting: false, isBufferingObservation: false, isBufferingReflection: false }
const observerConfig = { observer: { model: 'openai/gpt-4o-mini', messageTokens: 30_000 }, reflector: { observationTokens: 40_000 } }

const refundFirst = messageIds(acmeRefund, 1, 4)
const refundAll = messageIds(acmeRefund, 1, 7)

const acmeRefundGenerations: SeedObservationalMemory[] = [
  {
    id: 'om-acme-refund-g0',
    scope: 'thread',
    resourceId: acmeRefund.thread.resourceId,
    threadId: acmeRefund.thread.id,
    originType: 'initial',
    activeObservations: group(refundFirst, [
      '- 🔴 Customer reports a cracked jar on a ProBlend 900 blender (order #4512, delivered Oct 30).',
      '- 🟡 Agent asked for a photo before refunding.',
    ]),
    observedMessageIds: refundFirst,
    bufferedObservationChunks: [
      {
        id: 'om-acme-refund-chunk-1',
        observations: '- 🟢 Refund rf_20261103_4512 approved for $129.99.',
        messageIds: messageIds(acmeRefund, 5, 5),
        tokenCount: 18,
        createdAt: messageTime(acmeRefund, 5),
      },
    ],
    lastObservedAt: messageTime(acmeRefund, 4),
    totalTokensObserved: 412,
    observationTokenCount: 46,
    pendingMessageTokens: 120,
    ...transient,
    config: observerConfig,
    metadata: {},
    createdAt: messageTime(acmeRefund, 4),
    updatedAt: messageTime(acmeRefund, 4),
  },
  {
    id: 'om-acme-refund-g1',
    scope: 'thread',
    resourceId: acmeRefund.thread.resourceId,
    threadId: acmeRefund.thread.id,
    originType: 'reflection',
    activeObservations: group(refundAll, [
      '- 🔴 Order #4512 (ProBlend 900) arrived damaged; full refund rf_20261103_4512 of $129.99 issued, no return needed.',
      '- 🟢 Customer satisfied; case closed.',
    ]),
    observedMessageIds: refundAll,
    bufferedObservationChunks: [],
    lastObservedAt: messageTime(acmeRefund, 7),
    totalTokensObserved: 655,
    observationTokenCount: 38,
    pendingMessageTokens: 0,
    ...transient,
    config: observerConfig,
    metadata: { reflectedFromGeneration: 0 },
    createdAt: messageTime(acmeRefund, 7),
    updatedAt: messageTime(acmeRefund, 7),
  },
]

const electrolytesFirst = messageIds(globexElectrolytes, 1, 4)
const electrolytesAll = messageIds(globexElectrolytes, 1, 6)
const market = messageIds(globexMarketSizing, 1, 4)

// Resource scope: observations of several threads, grouped per thread.
const globexResourceGenerations: SeedObservationalMemory[] = [
  {
    id: 'om-globex-resource-g0',
    scope: 'resource',
    resourceId: GLOBEX,
    threadId: null,
    originType: 'initial',
    activeObservations: [
      `<thread id="${globexElectrolytes.thread.id}">`,
      group(electrolytesFirst, [
        '- 🟡 Review covers solid-state electrolytes since 2023: sulfides vs garnet LLZO.',
        '- 🔴 Sulfide limits: H2S with moisture, cathode decomposition, stack pressure.',
      ]),
      '</thread>',
    ].join('\n'),
    observedMessageIds: electrolytesFirst,
    bufferedObservationChunks: [],
    lastObservedAt: messageTime(globexElectrolytes, 4),
    totalTokensObserved: 1_380,
    observationTokenCount: 52,
    pendingMessageTokens: 0,
    ...transient,
    config: observerConfig,
    metadata: {},
    createdAt: messageTime(globexElectrolytes, 4),
    updatedAt: messageTime(globexElectrolytes, 4),
  },
  {
    id: 'om-globex-resource-g1',
    scope: 'resource',
    resourceId: GLOBEX,
    threadId: null,
    originType: 'reflection',
    activeObservations: [
      `<thread id="${globexElectrolytes.thread.id}">`,
      group(electrolytesAll, [
        '- 🔴 Sulfide electrolytes: best conductivity; need dry rooms, cathode coatings, stack pressure.',
        '- 🟡 Steering committee wants 3 bullets, business impact first.',
      ]),
      '</thread>',
      `<thread id="${globexMarketSizing.thread.id}">`,
      group(market, ['- 🟢 Sodium-ion grid storage, Europe 2030: EUR 0.8-1.3 bn base, EUR 0.4 bn bear case.']),
      '</thread>',
    ].join('\n'),
    observedMessageIds: [...electrolytesAll, ...market],
    bufferedObservationChunks: [],
    lastObservedAt: messageTime(globexMarketSizing, 4),
    totalTokensObserved: 2_240,
    observationTokenCount: 71,
    pendingMessageTokens: 0,
    ...transient,
    config: observerConfig,
    metadata: { reflectedFromGeneration: 0 },
    createdAt: messageTime(globexMarketSizing, 4),
    updatedAt: messageTime(globexMarketSizing, 4),
  },
]

const incidentObserved = messageIds(initechIncident, 1, 4)

const initechIncidentGenerations: SeedObservationalMemory[] = [
  {
    id: 'om-initech-inc-g0',
    scope: 'thread',
    resourceId: initechIncident.thread.resourceId,
    threadId: initechIncident.thread.id,
    originType: 'initial',
    activeObservations: group(incidentObserved, [
      '- 🔴 INC-2291: 503s after v2.42.0 raised DB_POOL_SIZE 10 -> 50 (300 connections > limit 200).',
      '- 🟡 Operator switched the agent from OpenAI to Anthropic mid-incident.',
    ]),
    observedMessageIds: incidentObserved,
    bufferedObservationChunks: [
      {
        id: 'om-initech-inc-chunk-1',
        observations: '- 🟢 Pool set to 25; all 6 pods healthy.',
        messageIds: messageIds(initechIncident, 5, 6),
        tokenCount: 16,
        createdAt: messageTime(initechIncident, 6),
      },
    ],
    lastObservedAt: messageTime(initechIncident, 4),
    totalTokensObserved: 910,
    observationTokenCount: 44,
    pendingMessageTokens: 230,
    ...transient,
    config: observerConfig,
    metadata: {},
    createdAt: messageTime(initechIncident, 4),
    updatedAt: messageTime(initechIncident, 6),
  },
]

/** Records per lookup key, in generation order. */
export const demoObservationalMemory: SeedObservationalMemory[][] = [acmeRefundGenerations, globexResourceGenerations, initechIncidentGenerations]
