import { MAINTENANCE_REASON_MAX } from '../calendar/maintenance'
import { codedIssue } from '../messages/coded-errors'
import { trimmedText } from './primitives'
import { z } from './z'

/**
 * `setMaintenance { on, reason }`: pause-all on or off. Switching it on says why — the banner on
 * every console shows it to everyone who wonders why nothing runs; switching it off may say why.
 */
export const maintenanceRequestSchema = z
  .strictObject({
    on: z.boolean(),
    reason: trimmedText(MAINTENANCE_REASON_MAX).default(''),
  })
  .superRefine((request, context) => {
    if (request.on && request.reason === '') context.addIssue(codedIssue('maintenance.reasonRequired', {}, ['reason']))
  })

export type MaintenanceRequest = z.input<typeof maintenanceRequestSchema>
