/** What the trigger path and the maskers read of the secrets store: values, never written back. */
export interface SecretReader {
  /** The current value of each name visible to the group (its own secret wins over a global one of the same name); unknown names are absent. */
  valuesFor(groupId: number | null, names: readonly string[]): Promise<Map<string, string>>
  /** Every value a run may still carry: each secret's current version and those in their grace period. */
  allValues(): Promise<string[]>
}
