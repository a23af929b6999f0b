// The public API of @threadline/engine. Names follow the spec.
export * from './messages/types.ts'
export * from './storage/types.ts'
export * from './errors/index.ts'
export * from './processors/types.ts'
export * from './errors/inspect.ts'
