import type { StoredMessage } from '@threadline/engine'
import { acmeRefund, acmeWarranty } from './acme-support.ts'
import { ConversationBuilder, text, type SeedThread } from './builders.ts'
import { globexMarketSizing } from './globex-research.ts'

// Shared-history branches of the demo threads, made by Memory.branchThread:
// "edit and regenerate" on a support chat, a branch of that branch, and an
// analysis whose source was promoted to continue along the branch.

/** A branch of a seeded thread (or of another seeded branch) with the messages written on it after branching. */
export type SeedBranch = {
  id: string
  /** the thread it is cut from: a seeded thread's id or an earlier branch's */
  sourceThreadId: string
  /** the inclusive cutoff message */
  branchPointMessageId: string
  title: string
  messages: StoredMessage[]
  /** promote it into its source once written (the source's former continuation becomes a new branch) */
  promote?: true
}

const sonnet = { provider: 'anthropic', modelId: 'claude-sonnet-4-5-20250929' }
const gpt41 = { provider: 'openai', modelId: 'gpt-4.1-2025-04-14' }

function ownMessages(thread: { id: string; resourceId: string; messageIdPrefix: string }, start: string, write: (builder: ConversationBuilder) => void) {
  const builder = new ConversationBuilder(thread, start)
  write(builder)
  return builder.messages
}

function messageOf(seed: SeedThread, index: number): StoredMessage {
  const message = seed.messages[index]
  if (!message) throw new Error(`Seed thread ${seed.thread.id} has no message ${index + 1}`)
  return message
}

const ACME = acmeWarranty.thread.resourceId
const GLOBEX = globexMarketSizing.thread.resourceId

export const demoBranches: SeedBranch[] = [
  {
    // the operator edits the customer's follow-up: a replacement instead of a repair
    id: 'acme-warranty-replacement',
    sourceThreadId: acmeWarranty.thread.id,
    branchPointMessageId: messageOf(acmeWarranty, 1).id,
    title: 'Warranty claim: offer a replacement',
    messages: ownMessages({ id: 'acme-warranty-replacement', resourceId: ACME, messageIdPrefix: 'msg-acme-replace' }, '2026-11-24T10:12:00Z', (chat) =>
      chat
        .user('Could I get a replacement machine instead of sending it in for repair?')
        .assistant(sonnet, [
          text('Yes: the extended plan allows one replacement. I can ship a new Barista One today; the old one goes back with the same label.'),
        ]),
    ),
  },
  {
    // a branch of that branch: the same chat, once the customer asks for a refund instead
    id: 'acme-warranty-replacement-refund',
    sourceThreadId: 'acme-warranty-replacement',
    branchPointMessageId: 'msg-acme-replace-01',
    title: 'Warranty claim: refund instead of replacement',
    messages: ownMessages(
      { id: 'acme-warranty-replacement-refund', resourceId: ACME, messageIdPrefix: 'msg-acme-replace-refund' },
      '2026-11-24T10:16:00Z',
      (chat) =>
        chat.assistant(gpt41, [
          text('A replacement is possible, but after 14 months a pro-rated refund of EUR 180 is also an option. Which would you prefer?'),
        ]),
    ),
  },
  {
    // the operator retries the refund chat once the photo is in, offering store credit: the branch's
    // observational memory is the source's generation as of the photo, without the refund observed after it
    id: 'acme-refund-store-credit',
    sourceThreadId: acmeRefund.thread.id,
    branchPointMessageId: messageOf(acmeRefund, 3).id,
    title: 'Damaged blender: offer store credit',
    messages: ownMessages({ id: 'acme-refund-store-credit', resourceId: ACME, messageIdPrefix: 'msg-acme-refund-credit' }, '2026-11-03T09:40:00Z', (chat) =>
      chat.assistant(sonnet, [
        text('Thanks for the photo. I can refund $129.99 to your card, or add $145 of store credit to your account today. Which do you prefer?'),
      ]),
    ),
  },
  {
    // a bottom-up estimate that replaced the bear case: promoted, so the source continues along it
    id: 'globex-market-sizing-bottom-up',
    sourceThreadId: globexMarketSizing.thread.id,
    branchPointMessageId: messageOf(globexMarketSizing, 1).id,
    title: 'Market sizing: bottom-up cross-check',
    messages: ownMessages(
      { id: 'globex-market-sizing-bottom-up', resourceId: GLOBEX, messageIdPrefix: 'msg-globex-bottom-up' },
      '2026-11-10T08:45:00Z',
      (chat) =>
        chat
          .user('Cross-check that with a bottom-up estimate from announced sodium-ion cell capacity.')
          .assistant(gpt41, [
            text(
              'Announced European sodium-ion cell capacity reaches about 12 GWh/year by 2030; at 80% utilisation that is 9.6 GWh, inside the top-down range.',
            ),
          ]),
    ),
    promote: true,
  },
]
