export * from './agent.ts'
export * from './types.ts'
export { resolveModel, type AgentModel } from './resolve-model.ts'
export { providerEnvNames, providerEnvPrefix } from './provider-env.ts'
