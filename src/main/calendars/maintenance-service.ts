import { MAINTENANCE_OFF, MAINTENANCE_REASON_MAX, MAINTENANCE_SETTING, type MaintenanceState } from '../../shared/calendar/maintenance'
import { parseInput } from '../../shared/schema/parse-input'
import { maintenanceRequestSchema } from '../../shared/schema/maintenance'
import { z } from '../../shared/schema/z'
import type { Repos } from '../store/store'

export interface MaintenanceServiceDeps {
  repos: Pick<Repos, 'settings'>
  nowMs: () => number
  /** Pause-all changed, here or on another node: every console of this node shows it at once. */
  told: (state: MaintenanceState) => void
}

/**
 * The stored setting as another node (or an older one) wrote it: the database is shared, so it is
 * read like any other input, and a value that is not a state reads as off.
 */
const storedState = z.object({
  on: z.boolean(),
  reason: z.string().max(MAINTENANCE_REASON_MAX),
  by: z.string().max(200),
  sinceMs: z.number(),
})

/**
 * Pause-all (`setMaintenance`): stored in the settings (MAINTENANCE_SETTING), where every node's
 * scan reads it. Each change is told to this node's consoles at once, and a change another node
 * made is told when its settings version is seen (`reread`, from the definition watch).
 */
export class MaintenanceService {
  /** What the consoles of this node were last told. */
  private told: MaintenanceState | null = null

  constructor(private readonly deps: MaintenanceServiceDeps) {}

  async get(): Promise<MaintenanceState> {
    const stored = storedState.safeParse(await this.deps.repos.settings.get(MAINTENANCE_SETTING))
    return stored.success ? stored.data : MAINTENANCE_OFF
  }

  /**
   * Switches pause-all on (a reason is required) or off. Switched on while on, it keeps the time it
   * has been on since and takes the new reason and name: the pause goes on, re-explained. Switched
   * off while off, it keeps the time it went off: the scans read the pause's span from the times
   * it went on and off, and a second "off" must not move its end.
   */
  async set(raw: unknown, by: string): Promise<MaintenanceState> {
    const { on, reason } = parseInput(maintenanceRequestSchema, raw, 'request')
    const before = await this.get()
    const sinceMs = on === before.on && before.sinceMs > 0 ? before.sinceMs : this.deps.nowMs()
    const state: MaintenanceState = { on, reason, by, sinceMs }
    await this.deps.repos.settings.set(MAINTENANCE_SETTING, state)
    this.tell(state)
    return state
  }

  /** Reads the setting again after another node changed the settings; tells the consoles when pause-all moved. */
  async reread(): Promise<void> {
    const state = await this.get()
    if (this.told === null || !sameState(this.told, state)) this.tell(state)
  }

  /** Remembers the state as this node's consoles know it, without telling them (at start). */
  async prime(): Promise<void> {
    this.told = await this.get()
  }

  private tell(state: MaintenanceState): void {
    this.told = state
    this.deps.told(state)
  }
}

function sameState(a: MaintenanceState, b: MaintenanceState): boolean {
  return a.on === b.on && a.reason === b.reason && a.by === b.by && a.sinceMs === b.sinceMs
}
