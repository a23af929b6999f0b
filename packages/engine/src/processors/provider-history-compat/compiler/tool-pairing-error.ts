import { InvalidInputError } from '../../../errors/index.ts'

/**
 * A proactive rule's output left a tool call without its result, or a result
 * without its call, where its input had none: the compiler refuses that
 * output (the rule is skipped, as a rule that throws is) and reports this
 * error, naming the rule, in `explain()` and the warning log.
 */
export class ToolPairingBrokenError extends InvalidInputError {
  readonly ruleName: string
  readonly issue: string
  constructor(ruleName: string, issue: string) {
    super(`rules.${ruleName}`, `rule "${ruleName}" broke tool call/result pairing (${issue}); its output was refused`)
    this.ruleName = ruleName
    this.issue = issue
  }
}
