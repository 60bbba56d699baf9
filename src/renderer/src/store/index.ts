import { create } from 'zustand'
import { showLanguage } from '../i18n/shown-language'
import { createApiTokensSlice } from './api-tokens/action'
import { createAuditSlice } from './audit/action'
import { createClusterSlice } from './cluster/action'
import { createDagSlice } from './dag/action'
import { createDefinitionsSlice } from './definitions/action'
import { createExecutorsSlice } from './executors/action'
import { createFlowsSlice } from './flows/action'
import { createJobsSlice } from './jobs/action'
import { createMaintenanceSlice } from './maintenance/action'
import { createOverviewSlice } from './overview/action'
import { createRunLogSlice } from './run-log/action'
import { createRunsSlice } from './runs/action'
import { createSessionSlice } from './session/action'
import { createSettingsSlice } from './settings/action'
import type { JobDeskState } from './state'
import { createUiSlice } from './ui/action'
import { createUsersSlice } from './users/action'
import { createXxlImportSlice } from './xxl-import/action'

export type { JobDeskState } from './state'

/**
 * The one renderer store. Components read it with selectors (and `useShallow` for several fields);
 * the event module applies pushed core events through its actions; actions reach the core only
 * through api/client.ts.
 */
export const useJobDesk = create<JobDeskState>()((...args) => ({
  ...createUiSlice(...args),
  ...createOverviewSlice(...args),
  ...createJobsSlice(...args),
  ...createRunsSlice(...args),
  ...createRunLogSlice(...args),
  ...createExecutorsSlice(...args),
  ...createDagSlice(...args),
  ...createFlowsSlice(...args),
  ...createDefinitionsSlice(...args),
  ...createSettingsSlice(...args),
  ...createXxlImportSlice(...args),
  ...createSessionSlice(...args),
  ...createClusterSlice(...args),
  ...createUsersSlice(...args),
  ...createApiTokensSlice(...args),
  ...createAuditSlice(...args),
  ...createMaintenanceSlice(...args),
}))

// The translations read the language shown from i18n, below the store; the store tells them.
showLanguage(useJobDesk.getState().preferences.language)
useJobDesk.subscribe((state) => showLanguage(state.preferences.language))
