import type { CloneThreadArgs } from '@threadline/engine'
import { acmeDeliveryStorm } from './acme-support.ts'
import type { SeedThread } from './builders.ts'
import { globexElectrolytes } from './globex-research.ts'
import { initechIncident } from './initech-ops.ts'

/** A clone of a seeded thread, made by Memory.cloneThread with these arguments. */
export type SeedClone = {
  id: string
  source: SeedThread
  title: string
  metadata: Record<string, unknown>
  options?: NonNullable<CloneThreadArgs['options']>
}

function createdAtOf(seed: SeedThread, messageId: string): Date {
  const message = seed.messages.find((candidate) => candidate.id === messageId)
  if (!message) throw new Error(`Seed thread ${seed.thread.id} has no message ${messageId}`)
  return message.createdAt
}

export const demoClones: SeedClone[] = [
  {
    // The whole Kimi history, to continue on Anthropic (which rejects its tool ids).
    id: 'acme-delivery-storm-claude',
    source: acmeDeliveryStorm,
    title: 'Delivery delay (continued on Claude)',
    metadata: { nextModel: 'anthropic/claude-sonnet-4-5' },
  },
  {
    // A fork from the middle of the review: everything up to the sulfide answer.
    id: 'globex-electrolytes-sulfides',
    source: globexElectrolytes,
    title: 'Sulfide electrolytes deep dive',
    metadata: { focus: 'sulfides' },
    options: { messageFilter: { endDate: createdAtOf(globexElectrolytes, 'msg-globex-elec-04') } },
  },
  {
    // The last turns of the incident, as the start of the postmortem.
    id: 'initech-inc-2291-postmortem',
    source: initechIncident,
    title: 'INC-2291 postmortem draft',
    metadata: { document: 'postmortem' },
    options: { messageLimit: 6 },
  },
]
