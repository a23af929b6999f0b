export * from './switch-families.ts'
export * from './canonical-histories.ts'
export * from './run-switch-matrix.ts'
export * from './format-switch-matrix.ts'
