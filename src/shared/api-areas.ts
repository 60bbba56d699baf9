import type { SilencesApi } from './alarm-silence'
import type { AlarmListApi } from './alarm-list'
import type { ArtifactsApi } from './artifacts-api'
import type { PoolsApi } from './capacity-api'
import type { RunViewsApi } from './run-views'
import type { SecretsApi } from './secrets-api'
import type { LlmApi } from './llm-provider'

/**
 * The API's areas that each keep their methods in a file of their own beside api.ts (which holds
 * the older ones): JobDeskApi extends this, so a new area is one line here, not a longer api.ts.
 */
export interface ApiAreas extends SilencesApi, PoolsApi, RunViewsApi, AlarmListApi, SecretsApi, ArtifactsApi, LlmApi {}
