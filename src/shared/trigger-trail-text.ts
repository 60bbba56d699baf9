import { englishMessage } from './messages'
import type { TrailGroup, TrailRoute, TriggerTrail } from './trigger-trail'
import type { TriggerType } from './model'
import { formatRouteTrail, routeReasonText } from './route-trail-text'

/** XXL-JOB's titles for trigger types, as shown in trigger_msg. */
export const TRIGGER_TYPE_TITLES: Record<TriggerType, string> = {
  CRON: 'Cron trigger',
  MISFIRE: 'Misfire compensation trigger',
  MANUAL: 'Manual trigger',
  API: 'Api trigger',
  RETRY: 'Fail retry trigger',
  PARENT: 'Parent job trigger',
  FLOW: 'Flow node trigger',
  BACKFILL: 'Backfill trigger',
}

const REGISTRATION_LABELS: Record<TrailGroup['registration'], string> = {
  auto: 'automatic registration',
  manual: 'manual address list',
  override: 'address override for this trigger',
}

/**
 * A trail as the English text of the run's trigger_msg, one fact per line (XXL-JOB's admin shows the
 * column, the OpenAPI returns it, failure reasons quote its last line):
 *
 * ```text
 * Trigger type: Manual trigger
 * Executor group: jobdesk-embedded — automatic registration
 * Route strategy: FIRST
 * Candidates (1): jobdesk://embedded/…/
 * Chosen: jobdesk://embedded/…/
 * Reason: First of 1 addresses in list order.
 * Block strategy: SERIAL_EXECUTION; timeout: 0 s; retries left: 0
 * Trigger result: accepted by the executor (code 200) in 1.2 ms
 * ```
 *
 * A trigger that never routed (a full pool, an unexpected failure) is its result line alone.
 */
export function formatTriggerTrail(trail: TriggerTrail): string {
  const result = englishMessage(trail.result.code, trail.result.params)
  if (!trail.route) return result
  const lines = [`Trigger type: ${TRIGGER_TYPE_TITLES[trail.triggerType]}`]
  if (trail.group) lines.push(`Executor group: ${trail.group.appName ?? `#${trail.group.id} (missing)`} — ${REGISTRATION_LABELS[trail.group.registration]}`)
  lines.push(...routeLines(trail.route))
  if (trail.block) lines.push(`Block strategy: ${trail.block.strategy}; timeout: ${trail.block.timeoutSec} s; retries left: ${trail.block.retriesLeft}`)
  lines.push(`Trigger result: ${result}`)
  return lines.join('\n')
}

function routeLines(route: TrailRoute): string[] {
  if (route.strategy === 'SHARDING_BROADCAST') {
    return [
      'Route strategy: SHARDING_BROADCAST',
      `Candidates (${route.candidates.length}): ${route.candidates.join(', ') || '(none)'}`,
      `Chosen: ${route.chosen ?? '(none)'}`,
      `Reason: ${routeReasonText(route.reason)}`,
    ]
  }
  const lines: string[] = []
  if (route.leftOut.length > 0) lines.push(`Left out: ${route.leftOut.join(', ')} (the embedded executor of another JobDesk process)`)
  lines.push(formatRouteTrail(route))
  return lines
}
