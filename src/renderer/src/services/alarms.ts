import type { JobDeskApi } from '../../../shared/api'
import { client } from '../api/client'

/* The alarm channels' health and test sends: read or tried on demand, nothing pushes them. */

export const getAlarmHealth: JobDeskApi['getAlarmHealth'] = (...args) => client().getAlarmHealth(...args)
export const sendTestEmail: JobDeskApi['sendTestEmail'] = (...args) => client().sendTestEmail(...args)
export const testWebhook: JobDeskApi['testWebhook'] = (...args) => client().testWebhook(...args)
export const testImChannel: JobDeskApi['testImChannel'] = (...args) => client().testImChannel(...args)
