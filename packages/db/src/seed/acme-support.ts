import { anthropicThinking, ConversationBuilder, text, toolResult, type SeedThread } from './builders.ts'

// acme-support: a retailer's customer-support agent. Histories from OpenAI
// (call_... tool ids), Kimi (functions.name:index ids that Anthropic rejects)
// and Anthropic (thinking with signatures).

export const ACME = 'acme-support'

const gpt4o = { provider: 'openai', modelId: 'gpt-4o-2024-08-06' }
const kimi = { provider: 'moonshotai', modelId: 'kimi-k2-0905-preview' }
const sonnet = { provider: 'anthropic', modelId: 'claude-sonnet-4-5-20250929' }

export const acmeRefund: SeedThread = new ConversationBuilder(
  { id: 'acme-refund-4512', resourceId: ACME, messageIdPrefix: 'msg-acme-refund' },
  '2026-11-03T09:12:00Z',
)
  .system('You are Acme support. Be concise, confirm order numbers, and never promise refunds above $500 without a supervisor.')
  .user('Hi, my blender (order #4512) arrived with a cracked jar. Can I get a refund?')
  .assistant(gpt4o, [
    toolResult(
      'call_Xk2mP9qR4tVbN8wLcZ3hJ7sD',
      'lookup_order',
      { orderId: '4512' },
      {
        orderId: '4512',
        item: 'ProBlend 900 blender',
        price: 129.99,
        deliveredAt: '2026-10-30',
        status: 'delivered',
      },
    ),
    text('I found order #4512: a ProBlend 900, delivered on October 30. Could you send a photo of the cracked jar?'),
  ])
  .user('Sure, here it is. The crack runs along the whole side.', 4)
  .assistant(gpt4o, [
    toolResult(
      'call_8fJq2LmZr5TnW1xYc7Vb3KsE',
      'issue_refund',
      { orderId: '4512', amount: 129.99, reason: 'damaged_in_transit' },
      {
        refundId: 'rf_20261103_4512',
        status: 'approved',
        eta: '3-5 business days',
      },
    ),
    text(
      'Thanks! I have issued a full refund of $129.99 (refund rf_20261103_4512). It should reach your card within 3-5 business days. No need to return the blender.',
    ),
  ])
  .user('Great, thank you!', 2)
  .assistant(gpt4o, [text('You are welcome. Enjoy the rest of your day!')])
  .build('Refund for a damaged blender (order #4512)', { channel: 'chat', priority: 'normal' })

export const acmeDeliveryStorm: SeedThread = new ConversationBuilder(
  { id: 'acme-delivery-storm', resourceId: ACME, messageIdPrefix: 'msg-acme-storm' },
  '2026-11-18T15:40:00Z',
)
  .user('My package to Denver was supposed to arrive yesterday. Tracking number 1Z999AA10123456784. What is going on?')
  .assistant(kimi, [
    toolResult(
      'functions.track_shipment:0',
      'track_shipment',
      { trackingNumber: '1Z999AA10123456784' },
      {
        status: 'held_at_facility',
        facility: 'Commerce City, CO',
        lastScan: '2026-11-17T06:02:00Z',
      },
    ),
    toolResult(
      'functions.get_weather:1',
      'get_weather',
      { city: 'Denver', date: '2026-11-17' },
      {
        conditions: 'heavy snow',
        snowfallCm: 31,
        advisories: ['Winter storm warning'],
      },
    ),
    text(
      'Your package is held at the Commerce City facility: a winter storm dropped about 31 cm of snow on Denver yesterday and carriers paused deliveries. It should move as soon as the roads reopen.',
    ),
  ])
  .user('Any idea when that will be? I need it before Friday.', 3)
  .assistant(kimi, [
    toolResult(
      'functions.get_weather:2',
      'get_weather',
      { city: 'Denver', date: '2026-11-19' },
      {
        conditions: 'clear',
        highC: 4,
      },
    ),
    text('The forecast for tomorrow is clear, so deliveries should resume. I have flagged your parcel for priority handling; you should have it by Thursday.'),
  ])
  .user('Okay, please email me if it slips again.', 2)
  .assistant(kimi, [text('Done: you will get an email if the delivery date changes. Anything else I can help with?')])
  .build('Delivery delayed by a snowstorm in Denver', { channel: 'email', priority: 'high' })

export const acmeWarranty: SeedThread = new ConversationBuilder(
  { id: 'acme-warranty-espresso', resourceId: ACME, messageIdPrefix: 'msg-acme-warranty' },
  '2026-11-24T10:05:00Z',
)
  .user('My Barista One espresso machine stopped heating after 14 months. Is that covered?')
  .assistant(sonnet, [
    anthropicThinking(
      'The standard warranty is 12 months, but the customer mentioned 14 months. Check whether they bought the extended plan before answering.',
      'EqQBCkgIBxABGAIiQMx0Zq9p1Uj3b6uFQ3sJr4Yw2kq8m1Hn0t7vL5cB9xD2eR6aT3yW8oP1iK4uJ7hG0fS5dA2zX9cV6bN1mQ==',
    ),
    toolResult(
      'toolu_01A09q90qw90lq917835lq9',
      'check_warranty',
      { serialNumber: null, customerEmail: 'dana@example.com' },
      {
        product: 'Barista One',
        purchasedAt: '2025-09-20',
        plan: 'extended-24m',
        coveredUntil: '2027-09-20',
      },
    ),
    text(
      'Good news: you bought the 24-month extended plan, so the heating fault is covered until September 2027. I can open a repair ticket with a prepaid shipping label.',
    ),
  ])
  .user('Yes please, open the ticket.', 5)
  .assistant(sonnet, [
    anthropicThinking(
      'Open the ticket with the extended plan reference and send the label to the email on file.',
      'ErUBCkYIBxgCIkDr9Xv2nL0pQ4sT8wZ1yB6cF3hJ7kM5qR2uV9xA4dG8jN1oS6tW3zC0eH5iK2lP7rU4vY9bD1fI6mQ3xEg==',
    ),
    toolResult(
      'toolu_01Bv7XqLm3Nz8RtY2pKc5WdF',
      'open_repair_ticket',
      { product: 'Barista One', plan: 'extended-24m', issue: 'no heating' },
      {
        ticketId: 'RP-88213',
        labelSentTo: 'dana@example.com',
      },
    ),
    text('Ticket RP-88213 is open and a prepaid shipping label is on its way to dana@example.com.'),
  ])
  .build('Warranty claim for an espresso machine', { channel: 'chat', priority: 'normal' })

export const acmeThreads: SeedThread[] = [acmeRefund, acmeDeliveryStorm, acmeWarranty]
