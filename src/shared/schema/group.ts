import { describeValue } from './describe-value'
import type { GroupInput } from '../api'
import { appName, executorAddressProblem, GROUP_NAME_MAX_CHARS, id, requiredText, trimmedText } from './primitives'
import { z } from './z'
import { englishMessage } from '../messages'
import { codedIssue } from '../messages/coded-errors'
import { joinAddressList, splitAddressList } from '../address-list'
import { maxConcurrent } from './capacity'

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
    addressType: z.custom<0 | 1>((value) => value === 0 || value === 1, {
      error: (issue) => englishMessage('group.addressType', { got: describeValue(issue.input) }),
      params: { code: 'group.addressType' },
    }),
    addressList: trimmedText(2000).default(''),
    accessToken: trimmedText(GROUP_TOKEN_MAX_CHARS).default(''),
    scriptsAllowed: z.boolean().default(false),
    // Like scriptsAllowed: a save states it whole; absent is none.
    maxConcurrent: maxConcurrent.default(0),
  })
  .transform((group, context) => {
    const addresses = splitAddressList(group.addressList)
    if (group.addressType === 0) return { ...group, addressList: '' }
    if (addresses.length === 0) {
      context.addIssue(codedIssue('group.addressRequired', {}, ['addressList']))
      return z.NEVER
    }
    for (const address of addresses) {
      const problem = executorAddressProblem(address)
      if (problem) {
        context.addIssue(codedIssue(problem.code, problem.params, ['addressList']))
        return z.NEVER
      }
    }
    return { ...group, addressList: joinAddressList(addresses) }
  }) satisfies z.ZodType<Required<Omit<GroupInput, 'id'>> & { id?: number }>
