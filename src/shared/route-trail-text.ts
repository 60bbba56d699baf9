import { englishMessage } from './messages'
import type { RouteReason, TrailRoute } from './trigger-trail'

/** Longest probe message kept in the text; a stack trace from a failed probe would bury the rest. */
export const PROBE_MSG_MAX_CHARS = 300

/**
 * The trail as compact plain text for the run's trigger_msg, one fact per line:
 *
 * ```text
 * Route strategy: FAILOVER
 * Candidates (2): http://127.0.0.1:9998/, http://127.0.0.1:9999/
 * Probe beat http://127.0.0.1:9998/: code 500, msg: connect ECONNREFUSED
 * Probe beat http://127.0.0.1:9999/: code 200
 * Chosen: http://127.0.0.1:9999/
 * Reason: http://127.0.0.1:9999/ answered /beat with code 200, after 1 failed probe.
 * ```
 */
export function formatRouteTrail(trail: Pick<TrailRoute, 'strategy' | 'candidates' | 'probes' | 'chosen' | 'reason'>): string {
  const lines = [
    `Route strategy: ${trail.strategy}`,
    `Candidates (${trail.candidates.length}): ${trail.candidates.length > 0 ? trail.candidates.join(', ') : 'none'}`,
  ]
  for (const probe of trail.probes) {
    const msg = compactMsg(probe.msg)
    lines.push(`Probe ${probe.kind} ${probe.address}: code ${probe.code}${msg ? `, msg: ${msg}` : ''}`)
  }
  lines.push(`Chosen: ${trail.chosen ?? 'none'}`)
  lines.push(`Reason: ${routeReasonText(trail.reason)}`)
  return lines.join('\n')
}

/** A route reason in English, as trigger_msg shows it. */
export function routeReasonText(reason: RouteReason): string {
  return englishMessage(reason.code, reason.params)
}

/** One line, whitespace runs collapsed, cut to PROBE_MSG_MAX_CHARS with an ellipsis. */
export function compactMsg(msg: string): string {
  const line = msg.replace(/\s+/g, ' ').trim()
  return line.length > PROBE_MSG_MAX_CHARS ? `${line.slice(0, PROBE_MSG_MAX_CHARS)}…` : line
}
