// Working memory in a turn: the current text (or the template while nothing is
// stored) in the system prompt, and the `updateWorkingMemory` tool the model
// calls to rewrite it, as the anchor framework offers. Every update is a new
// version in the storage (Memory.updateWorkingMemory).
import { z } from 'zod'

export const UPDATE_WORKING_MEMORY_TOOL = 'updateWorkingMemory'

/** The system-prompt section: the working memory and how to keep it current. */
export function workingMemorySection(current: string | null, template: string | null): string {
  const text = (current ?? template ?? '').trim()
  const guide = template
    ? `Keep its structure: the template's headings (${templateHeadings(template).join(', ') || 'its layout'}) stay, you fill them in.`
    : 'Write it as short Markdown notes.'
  return [
    '<working_memory>',
    text,
    '</working_memory>',
    `This is your working memory of the user: facts and preferences that matter beyond this message. When you learn something new or a fact changes, call the ${UPDATE_WORKING_MEMORY_TOOL} tool with the WHOLE new text (it replaces the old one). ${guide}`,
  ].join('\n')
}

/** The Markdown headings of a template, in order. */
export function templateHeadings(template: string): string[] {
  return template
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^#{1,6}\s/.test(line))
}

/** Why an update does not respect the template (a heading of it is missing), or null when it does. */
export function templateViolation(update: string, template: string | null): string | null {
  if (template === null) return null
  const present = new Set(templateHeadings(update))
  const missing = templateHeadings(template).filter((heading) => !present.has(heading))
  return missing.length === 0 ? null : `the working memory must keep the template's headings; missing: ${missing.join(', ')}`
}

const updateInputSchema = z.object({
  memory: z.string().min(1).max(100_000).describe('the whole new working memory, in Markdown'),
})

/**
 * The tool the model updates working memory with. `save` writes it (creating
 * the thread first when the turn is the thread's first). An update that drops
 * a template heading is refused with an error result the model can act on.
 */
export function updateWorkingMemoryTool(template: string | null, save: (text: string) => Promise<void>) {
  return {
    description: 'Replace your working memory of the user with an updated version. Pass the whole text: it replaces the old one.',
    inputSchema: updateInputSchema,
    execute: async ({ memory }: z.output<typeof updateInputSchema>) => {
      const violation = templateViolation(memory, template)
      if (violation !== null) return { success: false, error: violation }
      await save(memory)
      return { success: true }
    },
  }
}
