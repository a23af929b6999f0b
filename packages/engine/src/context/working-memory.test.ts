import { describe, expect, it } from 'vitest'
import { templateHeadings, templateViolation, updateWorkingMemoryTool, workingMemorySection } from './working-memory.ts'

const template = '# User\n- name:\n## Preferences\n- '

describe('working memory in the system prompt', () => {
  it('shows the stored text, or the template while nothing is stored, with how to update it', () => {
    expect(workingMemorySection('# User\n- name: Ada', template)).toContain('<working_memory>\n# User\n- name: Ada\n</working_memory>')
    expect(workingMemorySection(null, template)).toContain(`<working_memory>\n${template.trim()}\n</working_memory>`)
    expect(workingMemorySection(null, template)).toContain('updateWorkingMemory')
    expect(workingMemorySection(null, template)).toContain('# User, ## Preferences')
  })
})

describe('the template is respected', () => {
  it('lists the headings', () => {
    expect(templateHeadings(template)).toEqual(['# User', '## Preferences'])
  })

  it('refuses an update that drops a heading, accepts one that keeps them', () => {
    expect(templateViolation('# User\n- name: Ada', template)).toMatch(/missing: ## Preferences/)
    expect(templateViolation('# User\n- name: Ada\n## Preferences\n- tea', template)).toBeNull()
    expect(templateViolation('anything', null)).toBeNull()
  })

  it('the tool saves a good update and answers an error for a bad one without saving', async () => {
    const saved: string[] = []
    const tool = updateWorkingMemoryTool(template, async (text) => {
      saved.push(text)
    })
    expect(await tool.execute({ memory: '# User\n- name: Ada' })).toEqual({ success: false, error: expect.stringMatching(/## Preferences/) })
    expect(await tool.execute({ memory: '# User\n- name: Ada\n## Preferences\n- tea' })).toEqual({ success: true })
    expect(saved).toEqual(['# User\n- name: Ada\n## Preferences\n- tea'])
  })
})
