import { storedToolInvocations } from '../../../messages/tool-invocations.ts'
import type { StoredMessage } from '../../../messages/types.ts'
import { CANCELLED_TOOL_RESULT_TEXT } from '../compiler/tool-pairing.ts'
import type { CompatRule } from '../types.ts'

export const ORPHAN_TOOL_CALL_CANCELLED = 'orphan-tool-call-cancelled'

/**
 * The providers' 400s for a tool call sent without its result (a cancelled
 * turn, a partial clone or branch cut between a call and its result):
 * - OpenAI Chat: `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: …`
 *   (DeepSeek: the same sentence, then `(insufficient tool messages following tool_calls message)`);
 * - Anthropic: ``messages.6: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_…``;
 * - OpenAI Responses: `No tool output found for function call call_….`
 */
export const ORPHAN_TOOL_CALL_ERROR_PATTERNS: RegExp[] = [
  /An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'/,
  /`tool_use` ids were found without `tool_result` blocks immediately after/,
  /No tool output found for function call /,
]

/**
 * Gives, in place, every tool call that no stored invocation answers (state
 * 'call' or 'partial-call', and no 'result' with the same id anywhere in the
 * history) the result CANCELLED_TOOL_RESULT_TEXT, the words the compiler's
 * synthetic result carries on the wire (cancelledToolResult), so the call is
 * sent with a result instead of being refused or dropped. A call whose result is stored
 * in a later message keeps its state: it is answered. Returns true when a
 * call was changed.
 */
export function cancelUnansweredToolCalls(messages: StoredMessage[]): boolean {
  const invocations = storedToolInvocations(messages)
  const answered = new Set(invocations.filter((invocation) => invocation.state === 'result').map((invocation) => invocation.toolCallId))
  let changed = false
  for (const invocation of invocations) {
    if (invocation.state === 'result' || answered.has(invocation.toolCallId)) continue
    invocation.state = 'result'
    invocation.result = CANCELLED_TOOL_RESULT_TEXT
    changed = true
  }
  return changed
}

/**
 * Any provider, reactive: after a provider refuses a tool call without its
 * result, the unanswered calls are recorded as cancelled (stored: the call
 * happened and got no result, which every later turn and provider may know),
 * and the request is retried.
 */
export const orphanToolCallCancelled: CompatRule = {
  name: ORPHAN_TOOL_CALL_CANCELLED,
  errorPatterns: ORPHAN_TOOL_CALL_ERROR_PATTERNS,
  fix: cancelUnansweredToolCalls,
}
