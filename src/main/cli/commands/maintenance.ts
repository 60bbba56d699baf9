import type { MaintenanceState } from '../../../shared/calendar/maintenance'
import { CliError } from '../cli-error'
import { outputFormat, timeText, yamlText, type Out } from '../output'
import type { ServerClient } from '../server-client'

export interface MaintenanceOptions {
  reason?: string
  output?: string
}

/**
 * `jobdesk maintenance [on --reason TEXT | off]`: pause-all switched on (no scheduled fire starts
 * on any node until it is switched off) or off, or, with no word, shown. Prints the state after.
 */
export async function maintenanceCommand(client: ServerClient, out: Out, word: string | undefined, options: MaintenanceOptions): Promise<number> {
  const format = outputFormat(options.output)
  let state: MaintenanceState
  if (word === undefined) {
    if (options.reason !== undefined) throw new CliError('--reason goes with on (or off): jobdesk maintenance on --reason TEXT')
    state = await client.call<MaintenanceState>('getMaintenance')
  } else if (word === 'on') {
    if (options.reason === undefined || options.reason.trim() === '')
      throw new CliError('maintenance on needs --reason TEXT: every console shows why nothing is scheduled')
    state = await client.call<MaintenanceState>('setMaintenance', { on: true, reason: options.reason })
  } else if (word === 'off') {
    state = await client.call<MaintenanceState>('setMaintenance', { on: false, ...(options.reason !== undefined ? { reason: options.reason } : {}) })
  } else {
    throw new CliError(`maintenance: '${word}' is not on or off`)
  }
  if (format === 'json') out.write(`${JSON.stringify(state, null, 2)}\n`)
  else if (format === 'yaml') out.write(yamlText(state))
  else out.write(`${stateLine(state)}\n`)
  return 0
}

/** `pause-all: ON since 2026-12-24 22:00:00 by alice: storage migration`, or off. */
function stateLine(state: MaintenanceState): string {
  if (state.on) return `pause-all: ON since ${timeText(state.sinceMs)} by ${state.by}: ${state.reason}`
  return state.sinceMs === 0 ? 'pause-all: off' : `pause-all: off (switched off ${timeText(state.sinceMs)} by ${state.by})`
}
