import { definitionsApi } from './facade-definitions'
import type { CoreApi } from '../auth/method-rule-types'
import type { FacadeDeps } from './facade-deps'
import { alarmsApi } from './facade-alarms'
import { clusterApi } from './facade-cluster'
import { executorsApi } from './facade-executors'
import { flowsApi } from './facade-flows'
import { hooksApi } from './facade-hooks'
import { calendarsApi } from './facade-calendars'
import { poolsApi } from './facade-pools'
import { windowsApi } from './facade-windows'
import { silencesApi } from './facade-silences'
import { backfillsApi } from './facade-backfills'
import { jobsApi } from './facade-jobs'
import { runsApi } from './facade-runs'
import { settingsApi } from './facade-settings'
import { xxlImportApi } from './facade-xxl'
import { runViewsApi } from './facade-run-views'
import { secretsApi } from './facade-secrets'
import { llmApi } from './facade-llm'
import { artifactsApi } from './facade-artifacts'

/**
 * The implementation of src/shared/api.ts but for users, tokens and the audit trail, one part per
 * area, without checks: auth/guarded-api.ts puts it behind the argument schemas and each caller's
 * rules (every call's arguments are untrusted input and are parsed before the method runs).
 */
export function createFacade(deps: FacadeDeps): CoreApi {
  return {
    ...jobsApi(deps),
    ...runsApi(deps),
    ...executorsApi(deps),
    ...settingsApi(deps),
    ...clusterApi(deps),
    ...xxlImportApi(deps),
    ...flowsApi(deps),
    ...definitionsApi(deps),
    ...alarmsApi(deps),
    ...hooksApi(deps),
    ...runViewsApi(deps),
    ...calendarsApi(deps),
    ...poolsApi(deps),
    ...windowsApi(deps),
    ...silencesApi(deps),
    ...backfillsApi(deps),
    ...secretsApi(deps),
    ...llmApi(deps),
    ...artifactsApi(deps),
  }
}
