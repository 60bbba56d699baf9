/**
 * Child-job links as a DAG with guard rails: links are checked when saved (no self links, no
 * missing jobs, no cycles), fire on SUCCESS, FAILURE or ALWAYS, and a runtime guard refuses a
 * chain that revisits a job or grows past MAX_CHAIN_JOBS. Pure: callers pass the links and ids.
 */
export { checkLink } from './check-link'
export { chainGuard, childrenToFire, MAX_CHAIN_JOBS } from './children'
export { findCycle } from './graph'
