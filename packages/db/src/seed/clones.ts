import { acmeDeliveryStorm } from './acme-support.ts'
import type { SeedThread } from './builders.ts'
import { globexElectrolytes } from './globex-research.ts'
import { initechIncident } from './initech-ops.ts'

/** A clone to create from a seeded thread, with the selection the spec's cloneThread options express. */
export type SeedClone = {
  id: string
  source: SeedThread
  title: string
  clonedAt: Date
  metadata: Record<string, unknown>
  /** clone up to and including this message */
  lastMessageId?: string
  /** keep only the last n messages */
  messageLimit?: number
}

export const demoClones: SeedClone[] = [
  {
    // The whole Kimi history, to continue on Anthropic (which rejects its tool ids).
    id: 'acme-delivery-storm-claude',
    source: acmeDeliveryStorm,
    title: 'Delivery delay (continued on Claude)',
    clonedAt: new Date('2026-11-19T09:00:00Z'),
    metadata: { nextModel: 'anthropic/claude-sonnet-4-5' },
  },
  {
    // A fork from the middle of the review: up to the sulfide answer.
    id: 'globex-electrolytes-sulfides',
    source: globexElectrolytes,
    title: 'Sulfide electrolytes deep dive',
    clonedAt: new Date('2026-11-02T10:00:00Z'),
    metadata: { project: 'ev-battery-2027', focus: 'sulfides' },
    lastMessageId: 'msg-globex-elec-04',
  },
  {
    // The last turns of the incident, as the start of the postmortem.
    id: 'initech-inc-2291-postmortem',
    source: initechIncident,
    title: 'INC-2291 postmortem draft',
    clonedAt: new Date('2026-11-28T09:30:00Z'),
    metadata: { severity: 'sev2', document: 'postmortem' },
    messageLimit: 4,
  },
]
