// REALTALK (Lee et al. 2025, github.com/danny911kr/REALTALK): 10 real 21-day
// conversations between two people on a messaging app, with questions whose
// evidence turns are annotated. The data has no stated licence, so it is never
// in this repository: the bench reads `data/Chat_*.json` from the folder named
// by RECALL_EVAL_DATA (its `data/locomo/` folder is another benchmark and is
// not read). Each conversation is one person (resource) with one thread; each
// turn a message (speaker 1 'user', speaker 2 'assistant') whose text is what
// was typed, the speaker's name and the session in `content.metadata`, and its
// own sent time as createdAt, as a messaging app would store them.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { StoredMessage } from '@threadline/engine'
import { z } from 'zod'
import type { EvalQuestion, EvalSet, EvalThread } from './dataset.ts'

export const REALTALK_HOW_TO_GET =
  'git clone https://github.com/danny911kr/REALTALK (or `fetch github:danny911kr/REALTALK`) and set RECALL_EVAL_DATA=<clone>/data (only its Chat_*.json files are read)'

const turnSchema = z.object({ clean_text: z.string(), speaker: z.string(), date_time: z.string(), dia_id: z.string() })
const conversationSchema = z
  .object({
    name: z.object({ speaker_1: z.string(), speaker_2: z.string() }),
    qa: z.array(z.object({ question: z.string(), evidence: z.array(z.string()), category: z.number() })),
  })
  .catchall(z.unknown())

/** '29.12.2023, 00:51:12' (day.month.year, the chats' local time; read as UTC). */
export function parseChatTime(value: string): Date {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4}),\s*(\d{1,2}):(\d{2}):(\d{2})$/.exec(value.trim())
  if (match === null) throw new Error(`unreadable REALTALK time '${value}'`)
  const [day, month, year, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number]
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second))
}

/**
 * The turn ids ('D<session>:<turn>') an evidence entry names. The annotations
 * are hand-typed: besides 'D1:6' there are lists ('D5:12;D5:16', 'D11:17, D16:1'),
 * ranges within a session ('D12:3-D12:5') and stray punctuation ('D5:3.').
 */
export function evidenceTurnIds(evidence: string): string[] {
  const ids: string[] = []
  for (const match of evidence.matchAll(/D(\d+):(\d+)(?:\s*-\s*(?:D(\d+):)?(\d+))?/g)) {
    const [, session, first, toSession, last] = match
    const from = Number(first)
    if (toSession !== undefined && toSession !== session) {
      ids.push(`D${session}:${from}`, `D${toSession}:${last}`)
      continue
    }
    for (let turn = from; turn <= Math.max(from, Number(last ?? from)); turn++) ids.push(`D${session}:${turn}`)
  }
  return ids
}

export type RealtalkSet = EvalSet & { unresolvedEvidence: number; questionsWithoutEvidence: number }

/** Conversation number n of 'Chat_<n>_<A>_<B>.json'. */
function chatNumber(file: string): number {
  return Number(/^Chat_(\d+)_/.exec(file)?.[1] ?? Number.NaN)
}

export function loadRealtalk(dir: string): RealtalkSet {
  const files = readdirSync(dir)
    .filter((file) => /^Chat_\d+_.*\.json$/.test(file))
    .sort((a, b) => chatNumber(a) - chatNumber(b))
  if (files.length === 0) throw new Error(`no Chat_*.json in ${dir}: ${REALTALK_HOW_TO_GET}`)
  const threads: EvalThread[] = []
  const messages: StoredMessage[] = []
  const questions: EvalQuestion[] = []
  let unresolvedEvidence = 0
  let questionsWithoutEvidence = 0
  for (const file of files) {
    const raw = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>
    const chat = conversationSchema.parse(raw)
    // 'chat-01' .. 'chat-10': sorted by id they stay in conversation order (splitByPerson)
    const resourceId = `chat-${String(chatNumber(file)).padStart(2, '0')}`
    const threadId = `${resourceId}-thread`
    threads.push({ id: threadId, resourceId, title: file.replace(/\.json$/, '') })
    const sessions = Object.keys(raw)
      .map((key) => Number(/^session_(\d+)$/.exec(key)?.[1]))
      .filter((n) => Number.isInteger(n))
      .sort((a, b) => a - b)
    const ids = new Set<string>()
    for (const session of sessions) {
      for (const turn of z.array(turnSchema).parse(raw[`session_${session}`])) {
        const id = `${resourceId}-${turn.dia_id}`
        ids.add(id)
        messages.push({
          id,
          threadId,
          resourceId,
          role: turn.speaker === chat.name.speaker_1 ? 'user' : 'assistant',
          type: 'v2',
          createdAt: parseChatTime(turn.date_time),
          content: { format: 2, parts: [{ type: 'text', text: turn.clean_text }], metadata: { speaker: turn.speaker, session } },
        })
      }
    }
    chat.qa.forEach((qa, index) => {
      const named = qa.evidence.flatMap(evidenceTurnIds).map((turn) => `${resourceId}-${turn}`)
      const evidenceIds = [...new Set(named.filter((id) => ids.has(id)))]
      unresolvedEvidence += new Set(named).size - evidenceIds.length + qa.evidence.filter((entry) => evidenceTurnIds(entry).length === 0).length
      if (evidenceIds.length === 0) {
        questionsWithoutEvidence++
        return
      }
      questions.push({ id: `${resourceId}-q${index + 1}`, resourceId, kind: `category ${qa.category}`, question: qa.question, evidenceIds })
    })
  }
  return { seed: 0, threads, messages, questions, unresolvedEvidence, questionsWithoutEvidence }
}
