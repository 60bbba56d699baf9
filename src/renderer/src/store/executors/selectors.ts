import type { JobDeskState } from '../state'

export const selectRegistry = (s: JobDeskState) => s.registry

/** Addresses registered for an app name, sorted as XXL-JOB lists them (ascending strings). */
export const selectGroupAddresses = (appName: string | undefined) => (s: JobDeskState) =>
  appName === undefined ? [] : s.registry.filter((entry) => entry.appName === appName)
