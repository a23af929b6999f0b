/** "1 message", "3 messages", "2 branches" (an s, es after an h), or `many` for an irregular plural ("2 retries"): error texts and the admin UI say counts alike */
export function plural(count: number, noun: string, many = `${noun}${noun.endsWith('h') ? 'es' : 's'}`): string {
  return `${count} ${count === 1 ? noun : many}`
}
