// The one field-path format of input errors: `a.b[0].c`.

export type PathKey = PropertyKey

/** 'options.messageFilter.messageIds[2]' from a path's keys. */
export function fieldPath(path: readonly PathKey[]): string {
  return path.reduce<string>((field, key) => {
    if (typeof key === 'number') return `${field}[${key}]`
    return field === '' ? String(key) : `${field}.${String(key)}`
  }, '')
}
