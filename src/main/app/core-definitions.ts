import { EMBEDDED_APP_NAME, type HandlerCatalog, type JobGroup } from '../../shared/model'
import { DefinitionWatch } from '../cluster/definition-watch'
import { JobService } from '../definitions/job-service'
import { LinkService } from '../definitions/link-service'
import type { Repos } from '../store/store'
import type { CoreBase, CoreData } from './core-data'
import type { CoreNode } from './core-node'

/** Jobs and their links as operators define them, and what the other nodes change of them. */
export interface CoreDefinitions {
  jobs: JobService
  links: LinkService
  handlerCatalog: (group: JobGroup, repos?: Pick<Repos, 'registry'>) => Promise<HandlerCatalog>
  /** Whether a group's executors are JobDesk only (GLUE types only JobDesk runs are allowed there). */
  runsOnlyOnJobDesk: (tx: Pick<Repos, 'groups' | 'registry'>, groupId: number) => Promise<boolean>
  definitions: DefinitionWatch
}

export function coreDefinitions({
  base: { clock, logger, nowMs },
  data: { store, events, settings, clusterSecret, alarms },
  node: { executor, registry },
}: {
  base: Pick<CoreBase, 'clock' | 'logger' | 'nowMs'>
  data: Pick<CoreData, 'store' | 'events' | 'settings' | 'clusterSecret' | 'alarms'>
  node: Pick<CoreNode, 'executor' | 'registry'>
}): CoreDefinitions {
  // This process's embedded executor is read live; other executors as they reported at registration.
  const handlerCatalog = async (group: JobGroup, repos: Pick<Repos, 'registry'> = store): Promise<HandlerCatalog> =>
    group.appName === EMBEDDED_APP_NAME && executor
      ? { known: true, handlers: executor.handlerNames(), jobDeskOnly: true }
      : registry.handlersOf(group, nowMs(), repos)
  const runsOnlyOnJobDesk = async (tx: Pick<Repos, 'groups' | 'registry'>, groupId: number) => {
    const group = await tx.groups.get(groupId)
    return group !== undefined && (await handlerCatalog(group, tx)).jobDeskOnly
  }
  // Jobs, links and settings written by another node (or another process on the same file).
  const definitions = new DefinitionWatch(store.versions, clock, logger, async (changed) => {
    if (changed.includes('settings')) {
      await settings.reload()
      await clusterSecret.load()
    }
    if (changed.includes('jobs')) events.emit({ type: 'jobs-changed', jobIds: [] })
    if (changed.includes('links')) events.emit({ type: 'links-changed' })
  })
  return {
    jobs: new JobService(store, nowMs, runsOnlyOnJobDesk, () => alarms.imChannelNames()),
    links: new LinkService(store),
    handlerCatalog,
    runsOnlyOnJobDesk,
    definitions,
  }
}
