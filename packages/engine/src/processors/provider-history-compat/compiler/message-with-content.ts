import type { LanguageModelPrompt } from '../../types.ts'

type PromptMessage = LanguageModelPrompt[number]

/**
 * `message` with `content` in place of its own, as a literal of a prompt
 * message's fields (role, content, providerOptions). Not `{ ...message,
 * content }`: where rules copy copies made by the rules before them, that
 * spread's store of `content` missed its inline cache on every message, 10x
 * slower on a 10,000-message prompt (bench/compat.ts).
 */
export function messageWithContent<M extends PromptMessage>(message: M, content: M['content']): M {
  const { role, providerOptions } = message
  // the cast re-joins role and content, which TypeScript types apart
  return (providerOptions === undefined ? { role, content } : { role, content, providerOptions }) as M
}
