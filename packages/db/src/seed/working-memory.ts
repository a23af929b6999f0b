import type { WorkingMemoryKey } from '@threadline/engine/storage'
import { ACME, acmeDeliveryStorm } from './acme-support.ts'
import { GLOBEX } from './globex-research.ts'
import { INITECH, initechIncident } from './initech-ops.ts'

export type SeedWorkingMemory = { key: WorkingMemoryKey & { resourceId: string }; text: string }

// Both scopes and both formats the spec allows (markdown and JSON).
export const demoWorkingMemory: SeedWorkingMemory[] = [
  {
    key: { scope: 'resource', resourceId: ACME },
    text: [
      '# Acme support desk',
      '- Refunds above $500 need a supervisor.',
      '- Carriers: UPS (ground), FedEx (express).',
      '- Tone: friendly, concise, confirm order numbers.',
    ].join('\n'),
  },
  {
    key: { scope: 'thread', threadId: acmeDeliveryStorm.thread.id, resourceId: ACME },
    text: ['## Delivery case', '- Tracking: 1Z999AA10123456784', '- Promised: Thursday, priority handling', '- Email the customer if the date slips'].join(
      '\n',
    ),
  },
  {
    key: { scope: 'resource', resourceId: GLOBEX },
    text: JSON.stringify(
      {
        team: 'Globex battery R&D',
        audience: 'steering committee',
        style: { maxWords: 200, bullets: true },
        projects: ['ev-battery-2027', 'na-ion-2030'],
      },
      null,
      2,
    ),
  },
  {
    key: { scope: 'resource', resourceId: INITECH },
    text: [
      '# Initech SRE',
      '- Primary region: eu-west-1; billing cluster on PostgreSQL 13 (upgrade planned).',
      '- Escalate sev1 to the platform lead within 15 minutes.',
    ].join('\n'),
  },
  {
    key: { scope: 'thread', threadId: initechIncident.thread.id, resourceId: INITECH },
    text: ['## INC-2291', '- Status: resolved', '- Root cause: DB_POOL_SIZE 50 x 6 pods > 200 connections', '- Postmortem: due Monday'].join('\n'),
  },
]
