import { jobOriginKey, type DefinitionKind, type DefinitionOrigin } from '../../../../shared/definition-origin'

/** Origins by kind and key: a group and a flow may share a name, so the kind is part of the key. */
export type OriginIndex = Readonly<Record<string, DefinitionOrigin>>

export const originIndexKey = (kind: DefinitionKind, key: string): string => `${kind}:${key}`

/**
 * `origins` as an index that keeps the objects of `previous` where nothing changed, and is
 * `previous` itself when nothing changed at all: every job save re-reads the origins, and memoised
 * table rows should not re-render for an answer that is the same as the last.
 */
export function indexOrigins(origins: readonly DefinitionOrigin[], previous: OriginIndex): OriginIndex {
  const next: Record<string, DefinitionOrigin> = {}
  let same = origins.length === Object.keys(previous).length
  for (const origin of origins) {
    const key = originIndexKey(origin.kind, origin.key)
    const held = previous[key]
    if (held && held.file === origin.file && held.appliedAtMs === origin.appliedAtMs) next[key] = held
    else {
      next[key] = origin
      same = false
    }
  }
  return same ? previous : next
}

/** Where a job was applied from, by its group's app name and its name; undefined when not from a file. */
export const jobOrigin = (index: OriginIndex, appName: string, name: string): DefinitionOrigin | undefined =>
  index[originIndexKey('Job', jobOriginKey(appName, name))]

export const flowOrigin = (index: OriginIndex, name: string): DefinitionOrigin | undefined => index[originIndexKey('Flow', name)]

/** The app name of the group an origin is or belongs to; null for a flow, which belongs to no group. */
export function originAppName(origin: Pick<DefinitionOrigin, 'kind' | 'key'>): string | null {
  if (origin.kind === 'Group') return origin.key
  if (origin.kind === 'Job') return origin.key.slice(0, origin.key.indexOf('/'))
  return null
}

/** The last segment of a file path as `jobdesk apply` was given it (either slash: apply may run on Windows). */
export function fileBaseName(file: string): string {
  const parts = file.split(/[\\/]/).filter((part) => part !== '')
  return parts.at(-1) ?? file
}
