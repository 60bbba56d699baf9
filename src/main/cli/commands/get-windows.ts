import type { WindowView } from '../../../shared/calendar/maintenance-window'
import type { Flow } from '../../../shared/flow-types'
import { printRows, timeText, type Column, type OutputFormat, type Out } from '../output'
import type { ServerClient } from '../server-client'
import { jobsWithGroups } from './lookup'

/** `jobdesk get windows`: maintenance windows, their scope by name (app/job, flow) as files name them. */
export async function getWindows(client: ServerClient, out: Out, format: OutputFormat): Promise<void> {
  const windows = await client.call<WindowView[]>('listWindows')
  const scoped = windows.some((w) => !w.scope.all)
  // Names only when a window has a scope to name: the jobs and flows are read once, not per window.
  const names = scoped ? await scopeNames(client) : null
  printRows(out, windows, windowColumns(names), format)
}

interface ScopeNames {
  group: (id: number) => string
  job: (id: number) => string
  flow: (id: number) => string
}

async function scopeNames(client: ServerClient): Promise<ScopeNames> {
  const [{ jobs, appNameOf }, flows, groups] = await Promise.all([
    jobsWithGroups(client),
    client.call<Flow[]>('listFlows'),
    client.call<{ id: number; appName: string }[]>('listGroups'),
  ])
  const jobNames = new Map(jobs.map((j) => [j.id, `${appNameOf(j)}/${j.name}`]))
  const flowNames = new Map(flows.map((f) => [f.id, f.name]))
  const groupNames = new Map(groups.map((g) => [g.id, g.appName]))
  // An id the caller does not see stays a number: it says something is held, not what.
  return {
    group: (id) => groupNames.get(id) ?? `group ${id}`,
    job: (id) => jobNames.get(id) ?? `job ${id}`,
    flow: (id) => flowNames.get(id) ?? `flow ${id}`,
  }
}

function whenText(window: WindowView): string {
  const { timing } = window
  if (timing.kind === 'once') return `${timeText(timing.startMs)} → ${timeText(timing.endMs)}`
  return `${timing.cron} for ${durationText(timing.durationSec)}`
}

function durationText(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600}h`
  if (seconds % 60 === 0) return `${seconds / 60}m`
  return `${seconds}s`
}

function scopeText(window: WindowView, names: ScopeNames | null): string {
  const { scope } = window
  if (scope.all || names === null) return 'all'
  return [...scope.groupIds.map(names.group), ...scope.jobIds.map(names.job), ...scope.flowIds.map((id) => `flow ${names.flow(id)}`)].join(', ')
}

function windowColumns(names: ScopeNames | null): Column<WindowView>[] {
  return [
    { header: 'ID', value: (w) => String(w.id) },
    { header: 'NAME', value: (w) => w.name },
    { header: 'WHEN', value: whenText },
    { header: 'ZONE', value: (w) => w.timezone },
    { header: 'SCOPE', value: (w) => scopeText(w, names) },
    { header: 'KILL RUNNING', value: (w) => (w.killRunning ? 'yes' : 'no') },
    { header: 'ENABLED', value: (w) => (w.enabled ? 'yes' : 'no') },
    { header: 'UPDATED', value: (w) => `${timeText(w.updatedAtMs)} by ${w.updatedBy}`, wide: true },
  ]
}
