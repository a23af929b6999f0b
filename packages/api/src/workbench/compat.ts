// The compat processor of a workbench turn: the built-in rules plus the
// operators' saved, enabled playground rules (compiled into the QuickJS sandbox).
import { ProviderHistoryCompat } from '@threadline/engine'
import { compileSavedRule } from '../playground/compile-saved-rule.ts'
import type { RuleStore } from '../playground/rule-store.ts'

export async function workbenchCompat(rules: RuleStore): Promise<ProviderHistoryCompat> {
  const enabled = (await rules.list()).filter((rule) => rule.enabled)
  return new ProviderHistoryCompat({ additionalRules: await Promise.all(enabled.map((rule) => compileSavedRule(rule))) })
}
