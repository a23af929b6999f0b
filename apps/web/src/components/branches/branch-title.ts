/** The most words and characters a suggested branch title takes from its message. */
const TITLE_WORDS = 6
const TITLE_LENGTH = 60

/**
 * A branch title suggested from the message it is cut at: its first words, so
 * sibling branches can be told apart (not five "Branch of …" cards). Empty
 * when the message has no words (the operator types one, or the engine's
 * default applies).
 */
export function suggestBranchTitle(messageText: string): string {
  const words = messageText.split(/\s+/).filter((word) => word !== '')
  const title = words.slice(0, TITLE_WORDS).join(' ')
  const cut = title.length > TITLE_LENGTH ? title.slice(0, TITLE_LENGTH).replace(/\s+\S*$/, '') : title
  return words.length > TITLE_WORDS || cut !== title ? `${cut}…` : cut
}
