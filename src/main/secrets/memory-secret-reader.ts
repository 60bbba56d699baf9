import type { SecretReader } from './secret-reader'

/**
 * A SecretReader over values held in memory, by group (null: global): for tests, and for whatever
 * assembles the app before the store is there. A group's own secret wins over a global one.
 */
export function memorySecretReader(secrets: readonly { groupId: number | null; name: string; value: string }[]): SecretReader {
  return {
    async valuesFor(groupId, names) {
      const found = new Map<string, string>()
      for (const name of names) {
        const own = secrets.find((s) => s.name === name && s.groupId === groupId && groupId !== null)
        const global = secrets.find((s) => s.name === name && s.groupId === null)
        const value = own?.value ?? global?.value
        if (value !== undefined) found.set(name, value)
      }
      return found
    },
    async allValues() {
      return secrets.map((s) => s.value)
    },
  }
}
