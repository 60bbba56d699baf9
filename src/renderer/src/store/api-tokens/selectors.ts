import type { JobDeskState } from '../state'

export const selectApiTokens = (s: JobDeskState) => s.apiTokens
