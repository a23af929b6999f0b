// The compiler's rules that change parts inside messages (the reasoning strip,
// the tool-call ID and tool-name renames) and Bedrock's merge of consecutive
// roles run as ONE pass when nobody asks for each rule's own effect: on a 10,000-message prompt where every ID is
// renamed (Mistral, Bedrock, OpenAI-compatible), each rule copying the
// messages it changes was most of the compiler's time (bench/compat.ts).
// explain() and recorded calls report each rule's prompt, so they run the
// rules one by one; both give the same prompt (part-rules-in-one-pass.test.ts).
import type { LanguageModelPrompt } from '../../types.ts'
import type { CompatRule } from '../types.ts'
import { geminiThoughtSignaturePlaceholder, placesSignatures } from './gemini-thought-signature-placeholder.ts'
import { mergeConsecutiveRoles, mergesRoles } from './merge-consecutive-roles.ts'
import { profileStripReasoning, refusedReasoning } from './profile-strip-reasoning.ts'
import { profileToolCallIdFormat, toolCallIdRename } from './profile-tool-call-id-format.ts'
import { profileToolNameFormat, toolNameRename } from './profile-tool-name-format.ts'
import { rewriteMessageParts, type NewValueOf, type ReasoningStripPredicate } from './rewrite-message-parts.ts'
import { everyToolPartField, newValueOnFirstSight, type FieldRename } from './rewrite-tool-parts.ts'

/**
 * What a part rule does for one target: the reasoning it strips, the field it
 * renames and how, whether it merges consecutive roles; or, for a rule that
 * stands between them in the pipeline, whether it acts for the target at
 * all (the pass runs over it only when it does not). `kind`: one bit each.
 */
type PartRule =
  | { readonly kind: 1; readonly strip: (model: unknown) => ReasoningStripPredicate | undefined }
  | { readonly kind: 2 | 4; readonly field: 'toolCallId' | 'toolName'; readonly rename: (model: unknown) => FieldRename | undefined }
  | { readonly kind: 8; readonly merges: (model: unknown) => boolean }
  | { readonly kind: 16; readonly acts: (model: unknown) => boolean }

const partRules: ReadonlyMap<CompatRule, PartRule> = new Map<CompatRule, PartRule>([
  [profileStripReasoning, { kind: 1, strip: refusedReasoning }],
  [profileToolCallIdFormat, { kind: 2, field: 'toolCallId', rename: toolCallIdRename }],
  [profileToolNameFormat, { kind: 4, field: 'toolName', rename: toolNameRename }],
  [geminiThoughtSignaturePlaceholder, { kind: 16, acts: placesSignatures }],
  [mergeConsecutiveRoles, { kind: 8, merges: mergesRoles }],
])

/** Whether `rule` is one of the rules that may run in one pass. */
export function isPartRule(rule: CompatRule | undefined): boolean {
  return rule !== undefined && partRules.has(rule)
}

/**
 * Whether part rule `rule` may change a prompt for `model` within a run,
 * when its fact (built-in-rules.ts) does not decide it: never for a rule the
 * pass only runs over (it is kept in the run so that the pass steps aside
 * where it acts); for the role merge, whether the target merges: its fact,
 * found on the run's input, does not hold after the reasoning strip (a
 * reasoning-only message dropped between two user messages). Undefined: the
 * fact decides. Allocates nothing.
 */
export function mayActInRun(rule: CompatRule, model: unknown): boolean | undefined {
  const partRule = partRules.get(rule)
  if (partRule === undefined) return undefined
  if ('acts' in partRule) return false
  return 'merges' in partRule ? partRule.merges(model) : undefined
}

/**
 * `rules` (part rules in pipeline order, at most one of each kind; the
 * caller leaves out those with nothing to do) on `prompt` in one pass: the
 * prompt they would give one after the other, byte for byte, each message
 * copied once; the prompt itself when nothing changes. `rejectsSome`: the
 * prompt's facts (prompt-facts.ts) say it holds a value each rename rejects;
 * otherwise a rename first checks its field, as its rule does. Undefined when
 * the pass cannot stand for them (a rename whose one pass gives up needs its
 * plan of the whole prompt; a rule between them acts for the target; two
 * rules of one kind): then they run one by one.
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
  let mergesConsecutiveRoles = false
  // first whether the pass can stand for them at all: nothing is scanned for a run that goes one by one
  let kinds = 0
  for (const rule of rules) {
    const partRule = partRules.get(rule)
    if (partRule === undefined || (kinds & partRule.kind) !== 0 || ('acts' in partRule && partRule.acts(model))) return undefined
    kinds |= partRule.kind
  }
  for (const rule of rules) {
    const partRule = partRules.get(rule)
    if (partRule === undefined || 'acts' in partRule) continue
    if ('merges' in partRule) {
      mergesConsecutiveRoles = partRule.merges(model)
    } else if ('strip' in partRule) {
      dropsReasoning = partRule.strip(model)
    } else {
      const rename = partRule.rename(model)
      // as the rule itself: a field whose values are all valid is not renamed (a scan is cheaper than deciding each value); known to hold a rejected value when `facts` said so
      const renames = rename !== undefined && (rejectsSome || !everyToolPartField(prompt, partRule.field, rename.isValid))
      const newValueOf = renames ? newValueOnFirstSight(rename.isValid, rename.propose) : undefined
      if (partRule.field === 'toolCallId') newIdOf = newValueOf
      else newNameOf = newValueOf
    }
  }
  return rewriteMessageParts(prompt, dropsReasoning, newIdOf, newNameOf, mergesConsecutiveRoles)
}
