import { DEFINITION_ORIGIN_KEYS_MAX, jobOriginKey, type DefinitionOrigin } from '../../../../shared/definition-origin'
import type { JobGroup, JobInfo } from '../../../../shared/model'
import { client } from '../../api/client'
import { chunks } from '../../lib/data/chunks'
import { coalesced } from '../../lib/data/coalesce'
import { flowOrigin, indexOrigins, jobOrigin, originAppName, originIndexKey } from '../../lib/definitions/origin-index'
import type { SliceCreator } from '../state'
import { initialDefinitionsState } from './initialState'
import type { DefinitionsSlice } from './slice'

/** The origin keys of `jobs` whose group is known (the key holds the group's app name). */
function jobKeysOf(jobs: readonly JobInfo[], groups: readonly JobGroup[]): string[] {
  const appNames = new Map(groups.map((group) => [group.id, group.appName]))
  return jobs.flatMap((job) => {
    const appName = appNames.get(job.jobGroup)
    return appName === undefined ? [] : [jobOriginKey(appName, job.name)]
  })
}

/** Every group's and flow's origin and those of the jobs of `keys`, in reads of a bounded size. */
async function readOriginsFor(keys: readonly string[]): Promise<DefinitionOrigin[]> {
  const answers = await Promise.all(
    (keys.length === 0 ? [[]] : chunks(keys, DEFINITION_ORIGIN_KEYS_MAX)).map((jobKeys) => client().listDefinitionOrigins({ jobKeys })),
  )
  // Each answer repeats the groups and flows: one of each.
  return [...new Map(answers.flat().map((origin) => [originIndexKey(origin.kind, origin.key), origin])).values()]
}

export const createDefinitionsSlice: SliceCreator<DefinitionsSlice> = (set, get) => {
  /** The job keys asked about since the last whole read: a page already asked about is not asked again. */
  let asked = new Set<string>()
  // Coalesced: an apply pushes jobs-changed and flows-changed together, and saves come in bursts.
  const readOrigins = coalesced(async () => {
    // The jobs this console has read, never all of them: their badges are what it can show.
    const keys = jobKeysOf(get().jobs, get().groups)
    const origins = await readOriginsFor(keys)
    asked = new Set(keys)
    const definitionOrigins = indexOrigins(origins, get().definitionOrigins)
    if (definitionOrigins === get().definitionOrigins) return
    set({ definitionOrigins })
    // An apply may create groups, and no event says so: a job's badge needs its group's app name.
    const known = new Set(get().groups.map((group) => group.appName))
    const unknown = origins.some((origin) => {
      const appName = originAppName(origin)
      return appName !== null && !known.has(appName)
    })
    if (!unknown) return
    const { fetchGroups } = get()
    void fetchGroups().catch(() => {})
  })

  return {
    ...initialDefinitionsState,

    fetchDefinitionOrigins: () => readOrigins(),

    applyOriginsChanged() {
      void readOrigins()
    },

    async fetchOriginsOf(jobs) {
      const keys = jobKeysOf(jobs, get().groups).filter((key) => !asked.has(key))
      if (keys.length === 0) return
      for (const key of keys) asked.add(key)
      const origins = await readOriginsFor(keys)
      const next = { ...get().definitionOrigins }
      for (const key of keys) delete next[originIndexKey('Job', key)]
      for (const origin of origins) next[originIndexKey(origin.kind, origin.key)] = origin
      set({ definitionOrigins: indexOrigins(Object.values(next), get().definitionOrigins) })
    },

    originOfJob: (appName, name) => jobOrigin(get().definitionOrigins, appName, name),
    originOfFlow: (name) => flowOrigin(get().definitionOrigins, name),
  }
}
