/** How soon `logs --follow` looks again at first: a short run's end shows at once. */
export const FOLLOW_POLL_MS = 500
/** The longest pause between two looks once a run has gone on for a while. */
export const FOLLOW_POLL_MAX_MS = 4000

/**
 * The pause before look number `looks` (0 for the first) of `logs --follow`: 500 ms, growing by half
 * each look up to 4 s. Each look is two OpenAPI calls, and the token's budget is 100 calls per 30 s
 * (XXL-JOB 3.5's limit, per token here): a fixed 500 ms would spend it in 25 s and the follower
 * would be refused mid-run. Paced so, a follower spends ~24 calls in its first 30 s and 15 in each
 * 30 s after, leaving the rest to the operator's other commands.
 */
export function followPauseMs(looks: number): number {
  return Math.min(FOLLOW_POLL_MAX_MS, Math.round(FOLLOW_POLL_MS * 1.5 ** looks))
}
