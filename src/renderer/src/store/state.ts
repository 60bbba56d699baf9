import type { StateCreator } from 'zustand'
import type { ApiTokensSlice } from './api-tokens/action'
import type { AuditSlice } from './audit/action'
import type { ClusterSlice } from './cluster/action'
import type { DagSlice } from './dag/action'
import type { DefinitionsSlice } from './definitions/action'
import type { ExecutorsSlice } from './executors/action'
import type { FlowsSlice } from './flows/action'
import type { JobsSlice } from './jobs/action'
import type { OverviewSlice } from './overview/action'
import type { RunLogSlice } from './run-log/action'
import type { RunsSlice } from './runs/action'
import type { SessionSlice } from './session/action'
import type { SettingsSlice } from './settings/action'
import type { UiSlice } from './ui/action'
import type { UsersSlice } from './users/action'
import type { XxlImportSlice } from './xxl-import/action'

/** The whole renderer state: one store made of slices (zustand's slices pattern). */
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
  AuditSlice

export type SliceCreator<T> = StateCreator<JobDeskState, [], [], T>
