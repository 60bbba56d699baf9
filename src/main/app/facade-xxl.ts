import type { JobDeskApi } from '../../shared/api'
import type { XxlImportService } from '../import-xxl/xxl-import-service'
import type { EventHub } from '../kernel/events'

/**
 * The console's "Import from XXL-JOB…": the importer with progress pushed as events and, once an
 * import has applied, the console told that jobs and links changed. The request (its URL's
 * password included) lives for this call only.
 */
export function xxlImportApi(deps: { xxlImports: XxlImportService; events: EventHub }): Pick<JobDeskApi, 'importFromXxl'> {
  const { xxlImports, events } = deps
  return {
    async importFromXxl(request) {
      const report = await xxlImports.run(request, (progress) => events.emit({ type: 'xxl-import-progress', progress }))
      if (!report.dryRun) {
        events.emit({ type: 'jobs-changed', jobIds: [] })
        events.emit({ type: 'links-changed' })
      }
      return report
    },
  }
}
