import type { JobDeskApi } from '../../../shared/api'
import { client } from '../api/client'

/* The secrets store (docs/secrets.md): the Secrets page writes values and reads names, never a value back. */

export const setSecret: JobDeskApi['setSecret'] = (...args) => client().setSecret(...args)
export const listSecrets: JobDeskApi['listSecrets'] = (...args) => client().listSecrets(...args)
export const removeSecret: JobDeskApi['removeSecret'] = (...args) => client().removeSecret(...args)
export const listSecretVersions: JobDeskApi['listSecretVersions'] = (...args) => client().listSecretVersions(...args)
export const listSecretGroups: JobDeskApi['listGroups'] = (...args) => client().listGroups(...args)
