export * from './provider-model.ts'
