/** Granted executor groups as stored: comma-separated ids, in order, no blanks (XXL-JOB's `permission`). */
export function groupIdsToText(ids: readonly number[]): string {
  return [...new Set(ids)].sort((a, b) => a - b).join(',')
}

export function groupIdsFromText(text: string): number[] {
  return text
    .split(',')
    .map((part) => Number(part))
    .filter((n) => Number.isSafeInteger(n) && n > 0)
}
