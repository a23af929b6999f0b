/** A stored text message as a REST or tRPC caller sends it (plain JSON, ISO date), one second after the previous index. */
export function jsonTextMessage(args: { id: string; index: number; text: string; threadId: string; resourceId: string; startsAt: number }) {
  return {
    id: args.id,
    threadId: args.threadId,
    resourceId: args.resourceId,
    role: args.index % 2 === 0 ? 'user' : 'assistant',
    createdAt: new Date(args.startsAt + args.index * 1000).toISOString(),
    content: { format: 2, parts: [{ type: 'text', text: args.text }] },
  }
}
