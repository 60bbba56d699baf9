/**
 * The fields of a form's draft that differ from what the form opened with: a form with none may
 * close at once, one with some asks first. Values are compared as the forms hold them: text,
 * numbers, booleans, or lists of those (compared item by item).
 */
export function changedFields<T extends object>(initial: T, draft: T): (keyof T)[] {
  const keys = new Set([...Object.keys(initial), ...Object.keys(draft)] as (keyof T)[])
  return [...keys].filter((key) => !sameValue(initial[key], draft[key]))
}

export function isChanged<T extends object>(initial: T, draft: T): boolean {
  return changedFields(initial, draft).length > 0
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]))
  if (a && b && typeof a === 'object' && typeof b === 'object') return !isChanged(a, b)
  return Object.is(a, b)
}
