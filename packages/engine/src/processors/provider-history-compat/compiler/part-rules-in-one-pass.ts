// The compiler's rules that change parts inside messages (the reasoning strip,
// the tool-call ID and tool-name renames) run as ONE pass when nobody asks
// for each rule's own effect: on a 10,000-message prompt where every ID is
// renamed (Mistral, Bedrock, OpenAI-compatible), each rule copying the
// messages it changes was most of the compiler's time (bench/compat.ts).
// explain() and recorded calls report each rule's prompt, so they run the
// rules one by one; both give the same prompt (part-rules-in-one-pass.test.ts).
import type { LanguageModelPrompt } from '../../types.ts'
import type { CompatRule } from '../types.ts'
import { profileStripReasoning, refusedReasoning } from './profile-strip-reasoning.ts'
import { profileToolCallIdFormat, toolCallIdRename } from './profile-tool-call-id-format.ts'
import { profileToolNameFormat, toolNameRename } from './profile-tool-name-format.ts'
import { rewriteMessageParts, type NewValueOf, type ReasoningStripPredicate } from './rewrite-message-parts.ts'
import { everyToolPartField, newValueOnFirstSight, type FieldRename } from './rewrite-tool-parts.ts'

/** What a part rule does for one target: the reasoning it strips, or the field it renames and how. */
type PartRule =
  | { readonly strip: (model: unknown) => ReasoningStripPredicate | undefined }
  | { readonly field: 'toolCallId' | 'toolName'; readonly rename: (model: unknown) => FieldRename | undefined }

const partRules: ReadonlyMap<CompatRule, PartRule> = new Map<CompatRule, PartRule>([
  [profileStripReasoning, { strip: refusedReasoning }],
  [profileToolCallIdFormat, { field: 'toolCallId', rename: toolCallIdRename }],
  [profileToolNameFormat, { field: 'toolName', rename: toolNameRename }],
])

/** Whether `rule` is one of the rules that may run in one pass. */
export function isPartRule(rule: CompatRule | undefined): boolean {
  return rule !== undefined && partRules.has(rule)
}

/**
 * `rules` (part rules, at most one of each kind; the caller leaves out those
 * with nothing to do) on `prompt` in one pass. `rejectsSome`: the prompt's
 * facts (prompt-facts.ts) say it holds a value each rename rejects; otherwise
 * a rename first checks its field, as the rule does. The result is the
 * prompt they would give one after the other, byte for byte, each message
 * copied once. The prompt
 * itself when nothing changes; undefined when the pass cannot stand for them
 * (a rename whose one pass gives up needs its plan of the whole prompt, or
 * two rules of one kind): then they run one by one.
 */
export function runPartRulesInOnePass(
  rules: readonly CompatRule[],
  prompt: LanguageModelPrompt,
  model: unknown,
  rejectsSome: boolean,
): LanguageModelPrompt | undefined {
  let dropsReasoning: ReasoningStripPredicate | undefined
  let newIdOf: NewValueOf | undefined
  let newNameOf: NewValueOf | undefined
  let kinds = 0
  for (const rule of rules) {
    const partRule = partRules.get(rule)
    if (partRule === undefined) return undefined
    const kind = 'strip' in partRule ? 1 : partRule.field === 'toolCallId' ? 2 : 4
    if ((kinds & kind) !== 0) return undefined
    kinds |= kind
    if ('strip' in partRule) {
      dropsReasoning = partRule.strip(model)
      continue
    }
    const rename = partRule.rename(model)
    // as the rule itself: a field whose values are all valid is not renamed (a scan is cheaper than deciding each value); known to hold a rejected value when `facts` said so
    const renames = rename !== undefined && (rejectsSome || !everyToolPartField(prompt, partRule.field, rename.isValid))
    const newValueOf = renames ? newValueOnFirstSight(rename.isValid, rename.propose) : undefined
    if (partRule.field === 'toolCallId') newIdOf = newValueOf
    else newNameOf = newValueOf
  }
  return rewriteMessageParts(prompt, dropsReasoning, newIdOf, newNameOf)
}
