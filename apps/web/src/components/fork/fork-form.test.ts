import { describe, expect, it } from 'vitest'
import { emptyForkForm, takenThreadIdProblem, toCloneArgs } from './fork-form.ts'

const fourth = new Date('2026-11-29T09:04:00.000Z')
const createdAtOf = (id: string) => (id === 'm4' ? fourth : undefined)

describe('toCloneArgs', () => {
  it('sends only the source for an untouched form (a full clone with the defaults)', () => {
    expect(toCloneArgs('src', emptyForkForm(), createdAtOf)).toEqual({ args: { sourceThreadId: 'src' }, errors: {} })
  })

  it('turns a fork point into an end date at that message, with the limit and boundary', () => {
    const form = { ...emptyForkForm('m4'), messageLimit: '3', boundary: 'expand' as const, title: ' Retry on Claude ' }
    expect(toCloneArgs('src', form, createdAtOf)).toEqual({
      args: {
        sourceThreadId: 'src',
        title: 'Retry on Claude',
        options: { messageLimit: 3, messageFilter: { endDate: fourth.toISOString() }, boundary: 'expand' },
      },
      errors: {},
    })
  })

  it('passes every option: id, resource, metadata, date range, hand-picked messages', () => {
    const form = {
      ...emptyForkForm(),
      newThreadId: 'my-fork',
      resourceId: 'other',
      metadataText: '{"reason":"x"}',
      startDate: '2026-11-01T10:00',
      endDate: '2026-11-02T10:00',
      handPick: true,
      pickedIds: ['m1', 'm2'],
      boundary: 'trim' as const,
    }
    const { args, errors } = toCloneArgs('src', form, createdAtOf)
    expect(errors).toEqual({})
    expect(args).toEqual({
      sourceThreadId: 'src',
      newThreadId: 'my-fork',
      resourceId: 'other',
      metadata: { reason: 'x' },
      options: {
        messageFilter: {
          startDate: new Date('2026-11-01T10:00').toISOString(),
          endDate: new Date('2026-11-02T10:00').toISOString(),
          messageIds: ['m1', 'm2'],
        },
        boundary: 'trim',
      },
    })
  })

  it('names each problem: metadata that is not an object, a bad limit, reversed dates, nothing picked, an unknown fork point', () => {
    const bad = toCloneArgs(
      'src',
      { ...emptyForkForm('m9'), metadataText: '[1]', messageLimit: '-2', startDate: '2026-12-01T00:00', handPick: true },
      createdAtOf,
    )
    expect(Object.keys(bad.errors).sort()).toEqual(['messageLimit', 'metadata', 'pickedIds', 'upTo'])
    const reversed = toCloneArgs('src', { ...emptyForkForm('m4'), startDate: '2026-12-01T00:00' }, createdAtOf)
    expect(reversed.errors.dates).toBe('The start must not be after the end')
    expect(toCloneArgs('src', { ...emptyForkForm(), metadataText: '{oops' }, createdAtOf).errors.metadata).toMatch(/^Metadata is not valid JSON/)
  })

  it('reads a limit of 0 as no limit', () => {
    expect(toCloneArgs('src', { ...emptyForkForm(), messageLimit: '0' }, createdAtOf).args).toEqual({ sourceThreadId: 'src' })
  })
})

describe('takenThreadIdProblem', () => {
  it('words a taken newThreadId the same whichever call found it (preview or create), and ignores other failures', () => {
    const fromPreview = takenThreadIdProblem('acme-delivery-storm', { field: 'newThreadId' }, { field: undefined })
    const fromCreate = takenThreadIdProblem('acme-delivery-storm', { field: undefined }, { field: 'newThreadId' })
    expect(fromPreview).toBe('“acme-delivery-storm” is already taken: choose another ID, or leave it empty for a generated one.')
    expect(fromCreate).toBe(fromPreview)
    expect(takenThreadIdProblem('x', { field: 'options.messageLimit' }, { field: undefined })).toBeUndefined()
  })
})
