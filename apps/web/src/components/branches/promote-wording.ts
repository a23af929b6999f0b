import { plural } from '../format.ts'

/**
 * The promote confirmation's sentence on the source's later messages: how many
 * the source added after the branch point (singular, plural or none), and that
 * they move, with its memory, to a new branch of it. Names come quoted.
 */
export function laterMessagesMoveSentence(count: number, sourceName: string, newBranchName: string): string {
  const memory = 'its working and observational memory'
  if (count === 0) return `${sourceName} added no messages after the branch point; ${memory} move to a new branch of it, ${newBranchName}: nothing is lost.`
  const subject = `The ${plural(count, 'message')} that ${sourceName} added after the branch point`
  return `${subject} ${count === 1 ? 'moves' : 'move'} to a new branch of it, ${newBranchName}, with ${memory}: nothing is lost.`
}
