// The labelled evaluation set of `pnpm bench recall-quality`: realistic
// multi-session conversations of several people with an assistant, and
// questions about facts they said in earlier sessions, each with the ids of the
// messages that state the answer. Deterministic for a seed.
//
//   pnpm exec tsx bench/recall-quality/dataset.ts [--seed=16] [--out=file.json]   writes the set as JSON
//
// A person (one resource) has many sessions (threads) of small talk with a few
// planted facts (facts.ts); a question is asked about every fact, worded as
// people ask later (facts.ts explains). Every question is searched across its
// person's sessions, as resource-scope recall does.
import { writeFileSync } from 'node:fs'
import type { StoredMessage } from '@threadline/engine'
import { flagValue } from '../lib/args.ts'
import { itemAt } from '../lib/item-at.ts'
import { seededRandom } from '../lib/messages.ts'
import { plantFact, type Pick } from './facts.ts'
import { GREETINGS, REPLIES, SMALL_TALK } from './small-talk.ts'

export type EvalQuestion = { id: string; resourceId: string; kind: string; question: string; evidenceIds: string[] }
export type EvalThread = { id: string; resourceId: string; title: string }
export type EvalSet = { seed: number; threads: EvalThread[]; messages: StoredMessage[]; questions: EvalQuestion[] }

export type EvalSetOptions = { seed?: number; people?: number; sessionsPerPerson?: number; factsPerSession?: number; smallTalkPerSession?: number }

const start = Date.UTC(2026, 0, 5, 9, 0, 0)
const day = 86_400_000

export function buildEvalSet(options: EvalSetOptions = {}): EvalSet {
  const { seed = 16, people = 6, sessionsPerPerson = 45, factsPerSession = 1.25, smallTalkPerSession = 4 } = options
  const random = seededRandom(seed)
  const pick: Pick = (items) => itemAt(items, Math.floor(random() * items.length))
  const number = (min: number, max: number) => min + Math.floor(random() * (max - min + 1))
  const threads: EvalThread[] = []
  const messages: StoredMessage[] = []
  const questions: EvalQuestion[] = []

  for (let person = 0; person < people; person++) {
    const resourceId = `person-${person + 1}`
    const told = new Set<string>()
    for (let session = 0; session < sessionsPerPerson; session++) {
      const threadId = `${resourceId}-s${String(session + 1).padStart(2, '0')}`
      threads.push({ id: threadId, resourceId, title: `Session ${session + 1}` })
      // 1 or 2 facts (mean factsPerSession), at random places among the small talk
      const facts = Array.from({ length: random() < factsPerSession - 1 ? 2 : 1 }, () => plantFact(pick, number, random, told))
      const exchanges: ({ fact: (typeof facts)[number] } | { talk: [string, string] })[] = Array.from({ length: smallTalkPerSession }, () => ({
        talk: pick(SMALL_TALK)(pick),
      }))
      for (const fact of facts) exchanges.splice(number(0, exchanges.length), 0, { fact })
      let at = start + session * 2 * day + person * 3_600_000
      const add = (role: 'user' | 'assistant', text: string): string => {
        const id = `${threadId}-m${String(messages.filter((m) => m.threadId === threadId).length).padStart(2, '0')}`
        messages.push({ id, threadId, resourceId, role, type: 'v2', createdAt: new Date(at), content: { format: 2, parts: [{ type: 'text', text }] } })
        at += number(20, 240) * 1000
        return id
      }
      add('user', pick(GREETINGS))
      add('assistant', pick(REPLIES))
      for (const exchange of exchanges) {
        if ('talk' in exchange) {
          add('user', exchange.talk[0])
          add('assistant', exchange.talk[1])
          continue
        }
        const evidenceIds = exchange.fact.turns.flatMap((turn) => {
          const id = add(turn.role, turn.text)
          return turn.evidence ? [id] : []
        })
        questions.push({ id: `q${questions.length + 1}`, resourceId, kind: exchange.fact.kind, question: exchange.fact.question, evidenceIds })
      }
    }
  }
  return { seed, threads, messages, questions }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const set = buildEvalSet({ seed: Number(flagValue('seed') ?? 16) })
  const out = flagValue('out')
  if (out) writeFileSync(out, JSON.stringify(set, null, 1))
  console.log(
    `${set.messages.length} messages in ${set.threads.length} sessions of ${new Set(set.threads.map((t) => t.resourceId)).size} people, ${set.questions.length} questions${out ? ` -> ${out}` : ''}`,
  )
}
