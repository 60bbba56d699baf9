import { codedIssue } from '../messages/coded-errors'
import { SECRET_VALUE_MAX_BYTES } from '../secrets'
import { SECRET_NAME_PATTERN } from '../secret-names'
import { utf8ByteLength } from '../utf8-bytes'
import { id } from './primitives'
import { z } from './z'

export const secretName = z.string().superRefine((value, context) => {
  if (!SECRET_NAME_PATTERN.test(value)) context.addIssue(codedIssue('secret.name', { got: value.slice(0, 80) }))
})

/** The value: never echoed in an issue (only its size), so a refusal cannot leak it into a log or the audit trail. */
const secretValue = z.string().superRefine((value, context) => {
  if (value.length === 0) context.addIssue(codedIssue('secret.valueEmpty'))
  const bytes = utf8ByteLength(value)
  if (bytes > SECRET_VALUE_MAX_BYTES) context.addIssue(codedIssue('secret.valueTooLong', { max: SECRET_VALUE_MAX_BYTES, bytes }))
})

/** A secret's scope: an executor group's id, or absent (or null) for a global one. */
const scope = id.nullable().optional()

export const setSecretArgs = z.strictObject({ name: secretName, groupId: scope, value: secretValue })
export const secretRefArgs = z.strictObject({ name: secretName, groupId: scope })
export const listSecretsArgs = z.strictObject({ groupId: scope })
