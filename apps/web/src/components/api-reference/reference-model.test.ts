import { openApiDocument } from '@threadline/api/openapi'
import { describe, expect, it } from 'vitest'
import { fieldsOf, referenceOperations, typeLabel } from './reference-model.ts'

describe('the API reference model', () => {
  const operations = referenceOperations(openApiDocument())

  it('lists every operation of the served document with its errors described', () => {
    expect(operations.map((operation) => operation.operationId)).toContain('saveMessages')
    const save = operations.find((operation) => operation.operationId === 'saveMessages')
    expect(save).toMatchObject({ method: 'POST', path: '/api/v1/messages', tag: 'Messages', parameters: [] })
    expect(save?.errors.find((error) => error.status === '400')?.description).toContain('field')
    expect(fieldsOf(save?.body ?? {}).map((field) => field.name)).toEqual(['messages'])
    const list = operations.find((operation) => operation.operationId === 'listMessages')
    expect(list?.parameters.map((parameter) => `${parameter.name}:${parameter.in}:${parameter.required}`)).toEqual([
      'threadId:path:true',
      'cursor:query:false',
      'limit:query:false',
      'order:query:false',
    ])
    expect(list?.body).toBeNull()
  })

  it('says a type in a few words', () => {
    expect(typeLabel({ type: 'integer', minimum: 1, maximum: 500 })).toBe('integer ≥ 1 ≤ 500')
    expect(typeLabel({ type: 'string', enum: ['user', 'assistant'] })).toBe('"user" | "assistant"')
    expect(typeLabel({ type: 'array', items: { type: 'string', maxLength: 200 } })).toBe('array of string ≤ 200 chars')
    expect(typeLabel({ anyOf: [{ type: 'string', format: 'date-time' }, { type: 'number' }] })).toBe('string date-time | number')
  })
})
