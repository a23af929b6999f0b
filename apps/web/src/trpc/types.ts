export type { RouterInputs, RouterOutputs } from '@threadline/api'
