// The playground's Switch check, run in a sandbox worker (playground-pool.ts):
// a window of a stored thread, continued by one user turn, checked against
// every provider family of the switch matrix. Per family: the first attempt
// AS STORED (no compiler) through the family's real AI SDK package against its
// strict loopback dialect; which compiler rules would change the prompt, and
// whether the compiled prompt still holds every stored text and call with its
// result (dropped-content.ts); on demand, the full diff and the compiled
// continuation sent the same way, with the same check applied to what reached
// the loopback server.
import {
  capabilityProfiles,
  InvalidInputError,
  toPrompt,
  type LanguageModelPrompt,
  type ModelRef,
  type ProactiveVerdict,
  type StoredMessage,
} from '@threadline/engine'
import { expectedWireHistory, requestDrops, switchFamilies, type SwitchFamily } from '@threadline/engine/loopback-provider'
import { z } from 'zod'
import { evaluatePrompt, ruleSet, type PromptEvaluation, type RuleSet } from '../evaluate.ts'
import { diffPrompts } from '../prompt-diff.ts'
import { sendOnce, startStrictLoopback, switchCheckAttemptSchema, type SwitchCheckAttempt } from './continue-on-family.ts'
import { checkCompiledContent, contentCheckSchema } from './dropped-content.ts'

export type SwitchCheckJob =
  { op: 'switchCheckTable'; messages: StoredMessage[] } | { op: 'switchCheckDiff' | 'switchCheckRun'; messages: StoredMessage[]; family: string }

/** The turn every check continues the history with (as the switch matrix does). */
export const SWITCH_CHECK_CONTINUATION = 'Please go on.'

/** Profile detection reads only the model object's provider id: the diff sends nothing. */
const NO_SERVER_BASE_URL = 'http://127.0.0.1:9/v1'

/** One family's row of the table (parsed where the worker's answer enters the router). */
export const switchCheckRowSchema = z.object({
  family: z.string(),
  /** the AI SDK package and model the check speaks through */
  sdkPackage: z.string(),
  modelId: z.string(),
  /** the stored history sent as is, without the compiler */
  asIs: switchCheckAttemptSchema,
  /** the compiler's rules that change the prompt for this family, and how many messages each touches */
  rules: z.array(z.object({ name: z.string(), changedMessages: z.number().int() })),
  /** the no-silent-drop check of the compiled prompt: what it lost, by rule */
  compiledContent: contentCheckSchema,
})

export type SwitchCheckRow = z.infer<typeof switchCheckRowSchema>

export type SwitchCheckRun = {
  family: string
  compiled: SwitchCheckAttempt
  rulesFired: string[]
  /** what the accepted request lost of the stored history on the wire, one line each ([]: nothing); null when it was refused */
  droppedOnWire: string[] | null
}

/** The prompt the next turn would send: the window, then the continuation. */
function continuationPrompt(messages: StoredMessage[]): LanguageModelPrompt {
  return [...toPrompt(messages), { role: 'user', content: [{ type: 'text', text: SWITCH_CHECK_CONTINUATION }] }]
}

function familyNamed(name: string): SwitchFamily {
  const family = switchFamilies.find((candidate) => candidate.name === name)
  if (family === undefined) {
    throw new InvalidInputError('family', `unknown provider family "${name}"; one of: ${switchFamilies.map((candidate) => candidate.name).join(', ')}`)
  }
  return family
}

/** The built-in rules, as production's ProviderHistoryCompat runs them. */
const compilerRules = (): RuleSet => ruleSet(undefined, [])

function compile(set: RuleSet, prompt: LanguageModelPrompt, model: ModelRef): ProactiveVerdict {
  return set.compat.explain({ prompt, model, messages: [], retryCount: 0 }).proactive
}

async function table(messages: StoredMessage[]): Promise<SwitchCheckRow[]> {
  const prompt = continuationPrompt(messages)
  const set = compilerRules()
  const server = await startStrictLoopback()
  try {
    const rows: SwitchCheckRow[] = []
    for (const family of switchFamilies) {
      const model = family.model(server.baseUrl(family.name))
      const { rules, target } = compile(set, prompt, model)
      rows.push({
        family: family.name,
        sdkPackage: capabilityProfiles[target[0]?.family ?? 'openai-compatible'].sdkPackage,
        modelId: model.modelId,
        asIs: await sendOnce(model, prompt),
        rules: rules.flatMap((outcome) => {
          if (outcome.status !== 'changed') return []
          const changes = diffPrompts(outcome.before, outcome.prompt)
          return [{ name: outcome.rule.name, changedMessages: changes.messages.length + changes.addedMessages.length + changes.removedMessages.length }]
        }),
        compiledContent: checkCompiledContent(messages, prompt, rules),
      })
    }
    return rows
  } finally {
    await server.close()
  }
}

function diff(messages: StoredMessage[], name: string): PromptEvaluation {
  const family = familyNamed(name)
  return evaluatePrompt(compilerRules(), continuationPrompt(messages), family.model(NO_SERVER_BASE_URL), messages)
}

async function run(messages: StoredMessage[], name: string): Promise<SwitchCheckRun> {
  const family = familyNamed(name)
  const server = await startStrictLoopback(1)
  try {
    const model = family.model(server.baseUrl(family.name))
    const verdict = compile(compilerRules(), continuationPrompt(messages), model)
    const rulesFired = verdict.rules.flatMap((outcome) => (outcome.status === 'changed' ? [outcome.rule.name] : []))
    const compiled = await sendOnce(model, verdict.prompt)
    const droppedOnWire = compiled.accepted ? requestDrops(server, server.requests.at(-1), expectedWireHistory(messages), 'the accepted request') : null
    return { family: family.name, compiled, rulesFired, droppedOnWire }
  } finally {
    await server.close()
  }
}

export function runSwitchCheckJob(job: SwitchCheckJob): Promise<unknown> {
  switch (job.op) {
    case 'switchCheckTable':
      return table(job.messages)
    case 'switchCheckDiff':
      return Promise.resolve(diff(job.messages, job.family))
    case 'switchCheckRun':
      return run(job.messages, job.family)
  }
}
