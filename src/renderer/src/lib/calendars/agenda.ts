import type { ScheduleSimulation, SimulatedTargetRef } from '../../../../shared/calendar/schedule-simulation'

/** One line of the agenda: a fire, or a slot that will not fire with its reason. */
export interface AgendaEntry {
  time: number
  target: SimulatedTargetRef
  fires: boolean
  /** For a skipped slot: its reason and detail; for a moved fire: the slot it came from. */
  reason?: string
  detail?: string
  rolledFrom?: number
}

/** The simulation's entries by local day (`YYYY-MM-DD` in `timeZone`), each day in time order. */
export function agendaByDay(simulation: ScheduleSimulation, timeZone: string): Map<string, AgendaEntry[]> {
  const dayOf = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
  const days = new Map<string, AgendaEntry[]>()
  const add = (entry: AgendaEntry) => {
    const day = dayOf.format(entry.time)
    const list = days.get(day) ?? []
    list.push(entry)
    days.set(day, list)
  }
  for (const fire of simulation.fires)
    add({ time: fire.time, target: refOf(fire), fires: true, ...(fire.rolledFrom !== undefined ? { rolledFrom: fire.rolledFrom } : {}) })
  for (const skip of simulation.skipped)
    add({ time: skip.slot, target: refOf(skip), fires: false, reason: skip.reason, ...(skip.detail ? { detail: skip.detail } : {}) })
  for (const list of days.values()) list.sort((a, b) => a.time - b.time)
  return days
}

/** The simulation as CSV (time in ISO 8601 UTC, job or flow, fires or not, reason, detail), for a spreadsheet. */
export function agendaCsv(simulation: ScheduleSimulation): string {
  const rows = [...agendaByDay(simulation, 'UTC').values()].flat().sort((a, b) => a.time - b.time)
  const cell = (text: string) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text)
  const lines = rows.map((e) =>
    [
      new Date(e.time).toISOString(),
      'flowId' in e.target ? `flow ${e.target.flowId}` : `job ${e.target.jobId}`,
      e.fires ? 'fires' : 'skipped',
      e.reason ?? '',
      e.detail ?? '',
    ]
      .map(cell)
      .join(','),
  )
  return ['time,target,fires,reason,detail', ...lines].join('\n') + '\n'
}

function refOf(ref: SimulatedTargetRef): SimulatedTargetRef {
  return 'flowId' in ref ? { flowId: ref.flowId } : { jobId: ref.jobId }
}
