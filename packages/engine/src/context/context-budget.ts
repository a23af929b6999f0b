// The token budget of a turn: the model's context window minus a reserve for
// the reply, and what is dropped first when the assembled context is over it.
//
// Drop order (docs/agent.md "What is dropped first"):
//   1. recalled messages, the weakest match first (its neighbours with it);
//   2. the oldest of the last messages;
//   3. the observational memory.
// Never dropped: the instructions, the working memory and the new message. When
// they alone exceed the budget the context does not fit (`fits: false`).

/** Tokens of the window assumed when the agent is not told its model's (most current models have at least this). */
export const DEFAULT_CONTEXT_WINDOW = 128_000

/** Tokens kept free for the reply: a quarter of the window, at most 4096. */
export const defaultReplyReserve = (contextWindow: number): number => Math.min(4096, Math.floor(contextWindow / 4))

/** An item of the context with its cost; `rank` orders recalled messages (0 = part of the best match). */
export type Costed<T> = { item: T; tokens: number; rank: number }

export type BudgetInput<T> = {
  budget: number
  /** instructions, working memory, the new message, tool definitions: always sent */
  fixed: number
  observations: number
  /** in conversation order */
  recalled: Costed<T>[]
  /** the last messages, oldest first */
  recent: Costed<T>[]
}

export type BudgetFit<T> = {
  recalled: T[]
  recent: T[]
  keepObservations: boolean
  /** recalled and recent items dropped to fit, in drop order */
  dropped: T[]
  /** tokens of what is kept */
  used: number
  fits: boolean
}

export function fitToBudget<T>(input: BudgetInput<T>): BudgetFit<T> {
  const sum = (items: Costed<T>[]) => items.reduce((total, entry) => total + entry.tokens, 0)
  let used = input.fixed + input.observations + sum(input.recalled) + sum(input.recent)
  const dropped: T[] = []
  // weakest match first; within a match, the later message first (stable for equal ranks)
  const recallDropOrder = input.recalled.map((entry, position) => ({ entry, position })).sort((a, b) => b.entry.rank - a.entry.rank || b.position - a.position)
  const droppedRecall = new Set<number>()
  for (const { entry, position } of recallDropOrder) {
    if (used <= input.budget) break
    droppedRecall.add(position)
    dropped.push(entry.item)
    used -= entry.tokens
  }
  let recentStart = 0
  for (const entry of input.recent) {
    if (used <= input.budget) break
    recentStart++
    dropped.push(entry.item)
    used -= entry.tokens
  }
  let keepObservations = true
  if (used > input.budget && input.observations > 0) {
    keepObservations = false
    used -= input.observations
  }
  return {
    recalled: input.recalled.flatMap((entry, position) => (droppedRecall.has(position) ? [] : [entry.item])),
    recent: input.recent.slice(recentStart).map((entry) => entry.item),
    keepObservations,
    dropped,
    used,
    fits: used <= input.budget,
  }
}
