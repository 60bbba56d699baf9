/**
 * Why a slot of a schedule did not fire at its time: the words the simulator, the missed-slot
 * rows, the job's page and `/metrics` (`jobdesk_skipped_fires_total{reason}`) share.
 * - holiday, weekend, businessDay: the calendar's rule left the day out (businessDay: a
 *   NON_BUSINESS_DAYS job on a working day);
 * - rolled: the calendar moved the fire to another day (`detail` says where);
 * - window: a maintenance window held it (`detail` names the window);
 * - paused: pause-all was on;
 * - misfire: it was found too late (the node was down, or the scan behind) and the job's misfire
 *   strategy left it out.
 */
export const SKIP_REASONS = ['holiday', 'weekend', 'businessDay', 'rolled', 'window', 'paused', 'misfire'] as const
export type SkipReason = (typeof SKIP_REASONS)[number]
