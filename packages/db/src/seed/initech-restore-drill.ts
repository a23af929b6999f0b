import type { FilePart } from '@threadline/engine'
import { ConversationBuilder, pendingToolCall, text, toolResult, type SeedThread } from './builders.ts'
import { INITECH } from './initech-ops.ts'

// A long-running tool: the restore is started in message 4 (call stored in
// state 'call') and its result is stored in message 5. A fork "from message 4"
// splits the pair, which the fork wizard's preview must warn about.

const gpt41 = { provider: 'openai', modelId: 'gpt-4.1-2025-04-14' }

const restoreArgs = { backupId: 'billing-2026-11-29T01:00Z', targetCluster: 'drill-eu-1' }
export const RESTORE_TOOL_CALL_ID = 'call_Rs7Dq2Lw9Bn4Xk1Ty6Vm3Pz8'

/** The operator attaches the drill's restore-time chart (a small SVG, base64): a file part. */
const restoreChart: FilePart = {
  type: 'file',
  mimeType: 'image/svg+xml',
  data: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="60" viewBox="0 0 160 60">' +
      '<rect width="160" height="60" fill="#f8fafc"/>' +
      '<rect x="10" y="36" width="30" height="19" fill="#94a3b8"/><rect x="50" y="29" width="30" height="26" fill="#94a3b8"/>' +
      '<rect x="90" y="21" width="30" height="34" fill="#4f46e5"/>' +
      '<text x="10" y="13" font-family="sans-serif" font-size="10" fill="#334155">restore minutes: 31, 35, 38</text></svg>',
  ).toString('base64'),
}

export const initechRestoreDrill: SeedThread = new ConversationBuilder(
  { id: 'initech-restore-drill-q4', resourceId: INITECH, messageIdPrefix: 'msg-initech-drill' },
  '2026-11-29T09:00:00Z',
)
  .user("Run the quarterly restore drill with last night's backup of the billing database.")
  .assistant(gpt41, [
    toolResult(
      'call_Lb5Kc8Nd2Qf7Wg1Hj4Mx9Ez3',
      'list_backups',
      { cluster: 'billing', limit: 1 },
      {
        backups: [{ id: 'billing-2026-11-29T01:00Z', sizeGB: 412, verified: true }],
      },
    ),
    text('The latest backup is billing-2026-11-29T01:00Z (412 GB, verified). Shall I restore it into the drill cluster?'),
  ])
  .user('Yes, restore it into drill-eu-1 and tell me when it is done.', 2)
  .assistant(gpt41, [
    pendingToolCall(RESTORE_TOOL_CALL_ID, 'start_restore', restoreArgs),
    text('The restore into drill-eu-1 has started. It takes about 40 minutes; I will report back when it finishes.'),
  ])
  .assistant(
    gpt41,
    [
      toolResult(RESTORE_TOOL_CALL_ID, 'start_restore', restoreArgs, { status: 'completed', durationMinutes: 38, checksumsMatch: true }),
      text('The restore finished in 38 minutes and every checksum matches.'),
    ],
    38,
  )
  .user('Compare the row counts with production; the restore-time chart is attached.', 5, [restoreChart])
  .assistant(gpt41, [
    toolResult(
      'call_Ct2Vb6Nm8Qw3Er5Ty1Ui7Op4',
      'compare_row_counts',
      { source: 'billing', target: 'drill-eu-1' },
      {
        tables: 142,
        mismatches: 0,
      },
    ),
    text('All 142 tables have the same row counts as production. The drill passed.'),
  ])
  .user('Great, close the drill ticket.', 3)
  .assistant(gpt41, [text('Closed DRILL-311 with the restore time (38 minutes) and the row-count report attached.')])
  .build('Quarterly restore drill for the billing database', { ticket: 'DRILL-311' })
