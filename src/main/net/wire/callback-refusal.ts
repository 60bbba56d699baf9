/**
 * The payload a JobDesk admin puts in a callback reply it refused after reading the batch (a run
 * that is not this credential's to report, or one that ended otherwise): the same batch would be
 * refused again, so the executor drops it instead of spooling it and sending it every 30 s. An
 * XXL-JOB admin never sends it, so its refusals stay retried as before.
 */
export const REFUSED_FOR_GOOD = { refusal: 'final' } as const

export function isRefusedForGood(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as Record<string, unknown>).refusal === REFUSED_FOR_GOOD.refusal
}
