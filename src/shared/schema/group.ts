import { describeValue } from './describe-value'
import type { GroupInput } from '../api'
import { appName, executorAddressProblem, id, requiredText, trimmedText } from './primitives'
import { z } from './z'

export const GROUP_NAME_MAX_CHARS = 64
export const GROUP_TOKEN_MAX_CHARS = 200

/**
 * An executor group as the editor and the OpenAPI's addGroup give it. A manual group (addressType 1)
 * needs at least one executor address; an automatic group's list belongs to the registry, so what
 * is sent for it is ignored (stored as '').
 */
export const groupInputSchema = z
  .strictObject({
    id: id.optional(),
    appName,
    name: requiredText(GROUP_NAME_MAX_CHARS),
    addressType: z.union([z.literal(0), z.literal(1)], { error: (issue) => `must be 0 (automatic registration) or 1 (manual list), got ${describeValue(issue.input)}` }),
    addressList: trimmedText(2000).default(''),
    accessToken: trimmedText(GROUP_TOKEN_MAX_CHARS).default(''),
    scriptsAllowed: z.boolean().default(false),
  })
  .transform((group, context) => {
    const addresses = group.addressList
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean)
    if (group.addressType === 0) return { ...group, addressList: '' }
    if (addresses.length === 0) {
      context.addIssue({ code: 'custom', path: ['addressList'], message: 'a manual group needs at least one executor address', params: { code: 'group.addressRequired' } })
      return z.NEVER
    }
    for (const address of addresses) {
      const problem = executorAddressProblem(address)
      if (problem) {
        context.addIssue({ code: 'custom', path: ['addressList'], message: `${JSON.stringify(address.slice(0, 120))} ${problem}`, params: { code: 'validation.address' } })
        return z.NEVER
      }
    }
    return { ...group, addressList: addresses.join(',') }
  }) satisfies z.ZodType<Required<Omit<GroupInput, 'id'>> & { id?: number }>
