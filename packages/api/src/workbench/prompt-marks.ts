// Which proactive rule rewrote which message of the prompt as sent: the
// context-window view marks each rewritten message with its rules' names.
import type { RuleChange } from './saved-rules/workbench-compat.ts'

/** Per message of `prompt`, the rules whose rewrite produced it (by equal content), in the order they ran. */
export function promptMarks(prompt: readonly unknown[], changes: readonly RuleChange[]): string[][] {
  const producedBy = changes.map((change) => ({ rule: change.rule, after: new Set(change.after.map((message) => JSON.stringify(message))) }))
  return prompt.map((message) => {
    const text = JSON.stringify(message)
    return [...new Set(producedBy.filter((change) => change.after.has(text)).map((change) => change.rule))]
  })
}
