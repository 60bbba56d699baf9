import { xxlJobTables } from './0001-xxl-job-tables'
import { groupScriptsAllowed } from './0002-group-scripts-allowed'
import { executorInfo } from './0003-executor-info'
import { retryDueTimes } from './0004-retry-due-times'
import { storageContract } from './0005-storage-contract'
import { triggerTrailColumn } from './0006-trigger-trail-column'
import { clusterEvents } from './0007-cluster-events'
import { usersAndAudit } from './0008-users-and-audit'
import { triggerTrailTable } from './0009-trigger-trail-table'
import { nodeEpochs } from './0010-node-epochs'
import { idsNeverReused } from './0011-ids-never-reused'
import { flows } from './0012-flows'
import { definitionOrigins } from './0013-definition-origins'
import { alarmReasons } from './0014-alarm-reasons'
import { triggerUrls } from './0015-trigger-urls'
import { directoryUsers } from './0016-directory-users'
import { trailShapes } from './0017-trail-shapes'
import { userNameKey } from './0018-user-name-key'
import { auditFold } from './0019-audit-fold'
import { nodeFences } from './0020-node-fences'
import { clockSkew } from './0021-clock-skew'
import { calendarsAndWindows } from './0022-calendars-and-windows'
import { holdsBackfillsMissedSlots } from './0023-holds-backfills-missed-slots'
import { deadlines } from './0024-deadlines'
import { alarmPolicy } from './0025-alarm-policy'
import { poolsAndQueue } from './0026-pools-and-queue'
import { alarmList } from './0027-alarm-list'
import { fanOutItems } from './0028-fan-out-items'
import { subflowParent } from './0029-subflow-parent'
import { linkTimes } from './0030-link-times'
import { secrets } from './0031-secrets'
import { typedParams } from './0032-typed-params'
import { runArtifacts } from './0033-run-artifacts'
import { jobEnv } from './0034-job-env'
import { mcpTokens } from './0035-mcp-tokens'
import { llmProviders } from './0036-llm-providers'
import { flowRunTypedParams } from './0037-flow-run-typed-params'
import { ringWithoutNodeIndex } from './0038-ring-without-node-index'
import type { MigrationStep } from './migration-step'

export type { MigrationStep, ServerEngine } from './migration-step'

/**
 * Every version of the schema, in order: one file per step, each holding SQLite's SQL and, from
 * version 5 on, PostgreSQL's and MySQL's beside it. The three runners read this list: SQLite's
 * (open-database.ts, `PRAGMA user_version`) and the servers' (server-migrations.ts, `jobdesk_schema`).
 * A new step is a new file at the end (docs/storage.md, "Adding a migration").
 */
export const MIGRATIONS: readonly MigrationStep[] = [
  xxlJobTables,
  groupScriptsAllowed,
  executorInfo,
  retryDueTimes,
  storageContract,
  triggerTrailColumn,
  clusterEvents,
  usersAndAudit,
  triggerTrailTable,
  nodeEpochs,
  idsNeverReused,
  flows,
  definitionOrigins,
  alarmReasons,
  triggerUrls,
  directoryUsers,
  trailShapes,
  userNameKey,
  auditFold,
  nodeFences,
  clockSkew,
  calendarsAndWindows,
  holdsBackfillsMissedSlots,
  deadlines,
  alarmPolicy,
  poolsAndQueue,
  alarmList,
  fanOutItems,
  subflowParent,
  linkTimes,
  secrets,
  typedParams,
  runArtifacts,
  jobEnv,
  mcpTokens,
  llmProviders,
  flowRunTypedParams,
  ringWithoutNodeIndex,
]

export const LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version
