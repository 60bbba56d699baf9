import type { StateCreator } from 'zustand'
import type { ApiTokensSlice } from './api-tokens/slice'
import type { AuditSlice } from './audit/slice'
import type { ClusterSlice } from './cluster/slice'
import type { DagSlice } from './dag/slice'
import type { DefinitionsSlice } from './definitions/slice'
import type { ExecutorsSlice } from './executors/slice'
import type { FlowsSlice } from './flows/slice'
import type { JobsSlice } from './jobs/slice'
import type { MaintenanceSlice } from './maintenance/slice'
import type { OverviewSlice } from './overview/slice'
import type { RunLogSlice } from './run-log/slice'
import type { RunsSlice } from './runs/slice'
import type { SessionSlice } from './session/slice'
import type { SettingsSlice } from './settings/slice'
import type { UiSlice } from './ui/slice'
import type { UsersSlice } from './users/slice'
import type { XxlImportSlice } from './xxl-import/slice'

/**
 * The whole renderer state: one store made of slices (zustand's slices pattern). Each slice's shape
 * is in its `slice.ts`, below both this file and the slice's `action.ts`, which builds it.
 */
export type JobDeskState = JobsSlice &
  RunsSlice &
  RunLogSlice &
  OverviewSlice &
  ExecutorsSlice &
  DagSlice &
  FlowsSlice &
  DefinitionsSlice &
  SettingsSlice &
  SessionSlice &
  UiSlice &
  XxlImportSlice &
  ClusterSlice &
  UsersSlice &
  ApiTokensSlice &
  AuditSlice &
  MaintenanceSlice

export type SliceCreator<T> = StateCreator<JobDeskState, [], [], T>
