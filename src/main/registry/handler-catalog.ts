import { EMBEDDED_APP_NAME, type HandlerCatalog, type JobGroup } from '../../shared/model'
import type { Executor } from '../executor'
import type { Repos } from '../store/store'
import type { RegistryService } from './registry-service'

export interface HandlerCatalogs {
  /** The handlers a group's executors offer, read in `repos` (a transaction's) or the store. */
  handlerCatalog: (group: JobGroup, repos?: Pick<Repos, 'registry'>) => Promise<HandlerCatalog>
  /** Whether a group's executors are JobDesk only (GLUE types only JobDesk runs are allowed there). */
  runsOnlyOnJobDesk: (tx: Pick<Repos, 'groups' | 'registry'>, groupId: number) => Promise<boolean>
}

/**
 * This process's embedded executor is read live (its handler folder changes without a restart);
 * other executors as they reported at registration.
 */
export function handlerCatalogs({
  store,
  registry,
  embedded,
  nowMs,
}: {
  store: Pick<Repos, 'registry'>
  registry: Pick<RegistryService, 'handlersOf'>
  /** This process's embedded executor, if it has one. */
  embedded: Pick<Executor, 'handlerNames'> | null
  nowMs: () => number
}): HandlerCatalogs {
  const handlerCatalog = async (group: JobGroup, repos: Pick<Repos, 'registry'> = store): Promise<HandlerCatalog> =>
    group.appName === EMBEDDED_APP_NAME && embedded
      ? { known: true, handlers: embedded.handlerNames(), jobDeskOnly: true }
      : registry.handlersOf(group, nowMs(), repos)
  const runsOnlyOnJobDesk = async (tx: Pick<Repos, 'groups' | 'registry'>, groupId: number) => {
    const group = await tx.groups.get(groupId)
    return group !== undefined && (await handlerCatalog(group, tx)).jobDeskOnly
  }
  return { handlerCatalog, runsOnlyOnJobDesk }
}
