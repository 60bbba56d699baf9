import type { MaintenanceWindow } from '../../shared/calendar/maintenance-window'
import { MAINTENANCE_OFF, MAINTENANCE_SETTING, type MaintenanceState } from '../../shared/calendar/maintenance'
import type { Repos } from '../store/store'
import type { VersionedData } from '../store/version-repo'
import type { HoldTerms } from './plan-due'

/**
 * What a scan knows of maintenance windows and pause-all (docs/calendars.md, "Maintenance windows"
 * and "Pause-all"): read once and kept, reread only when the windows' or the settings' version
 * moved — a write on any node raises it — so the common scan pays one read of the versions, which
 * it makes anyway.
 */
export class MaintenanceView {
  private windowsVersion = -1
  private settingsVersion = -1
  private current: MaintenanceWindow[] = []
  private state: MaintenanceState = MAINTENANCE_OFF
  /** When the pause-all this node saw switched on began (null: none seen on). */
  private pausedSinceMs: number | null = null
  /** The last pause-all this node saw on and then off. */
  private lastPause: { fromMs: number; toMs: number } | null = null
  /** Held jobs or flows to look at again, from this id on (null: none): set when the windows moved. */
  private reconsiderFromId: number | null = null

  /** The windows, enabled or not (a disabled one covers nothing). */
  get windows(): readonly MaintenanceWindow[] {
    return this.current
  }

  /** Whether pause-all is on: nothing scheduled fires. */
  get paused(): boolean {
    return this.state.on
  }

  /**
   * Brings the view up to date with `versions` (read by the caller in the same transaction):
   * windows and pause-all are reread only when theirs moved.
   */
  async refresh(repos: Pick<Repos, 'windows' | 'settings'>, versions: Record<VersionedData, number>): Promise<void> {
    if (versions.windows !== this.windowsVersion) {
      this.current = (await repos.windows.all()).filter((w) => w.enabled)
      this.windowsVersion = versions.windows
      this.reconsiderFromId = 0
    }
    if (versions.settings !== this.settingsVersion) {
      this.see((await repos.settings.get<MaintenanceState>(MAINTENANCE_SETTING)) ?? MAINTENANCE_OFF)
      this.settingsVersion = versions.settings
    }
  }

  /**
   * The terms a plan takes at `nowMs`: the windows, and the last pause-all seen end, whose slots
   * are missed ('paused') rather than fired late. A node that never saw it on (it started after)
   * has none: what the pause held is then an ordinary misfire to it.
   */
  termsAt(nowMs: number): HoldTerms {
    const pause = this.lastPause !== null && this.lastPause.toMs <= nowMs ? this.lastPause : null
    return { windows: this.current, pause }
  }

  /**
   * Fires left in `job_ring` before this instant were held by pause-all (every ring drops its fires
   * while it is on), so they are stale now, not ones a ring is about to fire: 0 when no pause ended.
   */
  resumedAtMs(nowMs: number): number {
    return this.lastPause !== null && this.lastPause.toMs <= nowMs ? this.lastPause.toMs : 0
  }

  /** Where to go on looking at held jobs or flows again after the windows moved, or null when done. */
  get reconsidering(): number | null {
    return this.reconsiderFromId
  }

  /** The page from `afterId` on was looked at: go on after `lastId`, or stop (null) when the page was not full. */
  reconsidered(lastId: number | null): void {
    this.reconsiderFromId = lastId
  }

  private see(state: MaintenanceState): void {
    if (state.on) {
      this.pausedSinceMs = state.sinceMs
    } else if (this.pausedSinceMs !== null) {
      this.lastPause = { fromMs: this.pausedSinceMs, toMs: Math.max(state.sinceMs, this.pausedSinceMs) }
      this.pausedSinceMs = null
    }
    this.state = state
  }
}
