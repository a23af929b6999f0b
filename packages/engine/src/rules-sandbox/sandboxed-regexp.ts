// Error patterns of custom rules are user input, so they are matched inside
// the sandbox too: a catastrophically backtracking pattern (`/(a+)+$/`) hits
// the time limit there instead of freezing the server. RegExp.prototype's
// test/search/match/replace/split all go through `exec`, so overriding it
// routes every use through QuickJS.
import { z } from 'zod'
import { DEFAULT_SANDBOX_LIMITS, type SandboxLimits } from './sandbox-limits.ts'
import { runInSandbox } from './sandbox-session.ts'
import { SandboxedRuleError } from './sandboxed-rule-error.ts'

const execResultSchema = z.object({
  captures: z.array(z.string().nullable()),
  index: z.number(),
  groups: z.array(z.tuple([z.string(), z.string().nullable()])).nullable(),
  lastIndex: z.number(),
})

export type SandboxedRegExpOptions = { ruleName?: string; limits?: SandboxLimits }

/** A RegExp whose matching runs in the sandbox (after `prepareSandbox()`, which compileSandboxedRule awaits). */
export class SandboxedRegExp extends RegExp {
  readonly ruleName: string
  readonly limits: SandboxLimits

  constructor(pattern: string | RegExp, flags?: string, options: SandboxedRegExpOptions = {}) {
    super(pattern, flags)
    this.ruleName = options.ruleName ?? (pattern instanceof SandboxedRegExp ? pattern.ruleName : 'error pattern')
    this.limits = options.limits ?? (pattern instanceof SandboxedRegExp ? pattern.limits : DEFAULT_SANDBOX_LIMITS)
  }

  override exec(input: string): RegExpExecArray | null {
    // called from JavaScript with anything, as the native exec is: same coercion
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-conversion
    const text = String(input)
    const tracksLastIndex = this.global || this.sticky
    const { value: json } = runInSandbox(this.ruleName, this.limits, (session) =>
      session.call('regexpExec', this.source, this.flags, text, tracksLastIndex ? this.lastIndex : 0),
    )
    const parsed = execResultSchema.nullable().safeParse(JSON.parse(json))
    if (!parsed.success) throw new SandboxedRuleError('invalid-result', this.ruleName, `matching /${this.source}/ gave an unreadable result`)
    const found = parsed.data
    if (found === null) {
      if (tracksLastIndex) this.lastIndex = 0
      return null
    }
    if (tracksLastIndex) this.lastIndex = found.lastIndex
    // an unmatched capture is undefined in JavaScript (JSON carries it as null)
    const match = found.captures.map((capture) => capture ?? undefined) as unknown as RegExpExecArray
    match.index = found.index
    match.input = text
    if (found.groups !== null) match.groups = Object.fromEntries(found.groups.map(([name, value]) => [name, value ?? undefined])) as Record<string, string>
    return match
  }
}
