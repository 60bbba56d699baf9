import { MaintenanceService } from '../calendars/maintenance-service'
import { DefinitionWatch } from '../cluster/definition-watch'
import { JobService } from '../definitions/job-service'
import { LinkService } from '../definitions/link-service'
import { handlerCatalogs, type HandlerCatalogs } from '../registry/handler-catalog'
import type { CoreBase, CoreData } from './core-data'
import type { CoreNode } from './core-node'

/** Jobs and their links as operators define them, the handlers their groups offer, and what the other nodes change of them. */
export interface CoreDefinitions extends HandlerCatalogs {
  jobs: JobService
  links: LinkService
  definitions: DefinitionWatch
  /** Pause-all: stored in the settings, told to this node's consoles whichever node switched it. */
  maintenance: MaintenanceService
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
  const catalogs = handlerCatalogs({ store, registry, embedded: executor, nowMs })
  const maintenance = new MaintenanceService({ repos: store, nowMs, told: (state) => events.emit({ type: 'maintenance-changed', state }) })
  // Jobs, links, settings and windows written by another node (or another process on the same file).
  const definitions = new DefinitionWatch(store.versions, clock, logger, async (changed) => {
    if (changed.includes('settings')) {
      await settings.reload()
      await clusterSecret.load()
      // Pause-all is a setting: another node's switch reaches the consoles of this one here.
      await maintenance.reread()
    }
    if (changed.includes('jobs')) events.emit({ type: 'jobs-changed', jobIds: [] })
    if (changed.includes('links')) events.emit({ type: 'links-changed' })
    if (changed.includes('windows')) events.emit({ type: 'windows-changed' })
  })
  return {
    jobs: new JobService(store, nowMs, catalogs.runsOnlyOnJobDesk, () => alarms.imChannelNames()),
    links: new LinkService(store, nowMs),
    ...catalogs,
    definitions,
    maintenance,
  }
}
