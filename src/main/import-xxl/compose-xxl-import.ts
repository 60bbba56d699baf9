import { ImportService } from '../definitions/import-service'
import { JobService } from '../definitions/job-service'
import { EMBEDDED_APP_NAME } from '../../shared/model'
import type { Store } from '../store/store'
import { XxlImportService, type XxlImportDeps } from './xxl-import-service'

/**
 * The importer over a store no JobDesk process is serving from here (the command line, tests):
 * its own job and import services. Without a running registry, only the embedded executor's group
 * counts as JobDesk's own for GLUE_GROOVY; a running JobDesk (the console's import) knows more.
 */
export function composeXxlImport(store: Store, options: { nowMs: () => number; localZone: string; read?: XxlImportDeps['read'] }): XxlImportService {
  const runsOnlyOnJobDesk = async (tx: Pick<Store, 'groups'>, groupId: number) => (await tx.groups.get(groupId))?.appName === EMBEDDED_APP_NAME
  const jobs = new JobService(store, options.nowMs, runsOnlyOnJobDesk)
  return new XxlImportService({
    store,
    imports: new ImportService(store, jobs, options.nowMs),
    nowMs: options.nowMs,
    localZone: options.localZone,
    runsOnlyOnJobDesk,
    read: options.read,
  })
}
