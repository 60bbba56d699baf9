/** The kinds of object a definition file declares. */
export const DEFINITION_KINDS = ['Group', 'Job', 'Flow', 'Calendar', 'Window', 'Pool', 'LlmProvider'] as const
export type DefinitionKind = (typeof DEFINITION_KINDS)[number]

/**
 * An object that `jobdesk apply` wrote from a file, by its portable key (never a numeric id): a
 * group by its app name, a job by `<appName>/<job name>` (app names hold no slash), a flow and a
 * calendar or a maintenance window by its name.
 */
export interface DefinitionOrigin {
  kind: DefinitionKind
  key: string
  /** The file it was applied from, as the caller named it (relative to where apply ran). */
  file: string
  appliedAtMs: number
}

/** Job keys one read of origins names at most: a few pages of the Jobs list. */
export const DEFINITION_ORIGIN_KEYS_MAX = 1_000

/** The key of a job in {@link DefinitionOrigin}. */
export const jobOriginKey = (appName: string, name: string): string => `${appName}/${name}`
