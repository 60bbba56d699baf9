/** `list` with `item` in the place of the entry with its id, or added at the end when it is new. */
export function upsertById<T extends { id: number }>(list: readonly T[], item: T): T[] {
  return list.some((entry) => entry.id === item.id) ? list.map((entry) => (entry.id === item.id ? item : entry)) : [...list, item]
}
