import type { JobDeskApi } from '../../shared/api'
import type { JobGroup } from '../../shared/model'

/** The caller's groups by id, and an id's app name ('' for a group it does not see). */
export async function groupNames(api: Pick<JobDeskApi, 'listGroups'>): Promise<{ groups: JobGroup[]; nameOf: (id: number) => string }> {
  const groups = await api.listGroups()
  const byId = new Map(groups.map((g) => [g.id, g.appName]))
  return { groups, nameOf: (id) => byId.get(id) ?? '' }
}
