/** The secrets store (docs/secrets.md). A message never carries a secret's value. */
export const enSecretMessages = {
  'secret.name': "'{got}' is not a secret name: 1-128 letters, digits, '_', '-' or '.', starting with a letter or '_'",
  'secret.valueTooLong': 'a secret value holds at most {max} bytes (UTF-8); this one has {bytes}',
  'secret.valueEmpty': 'a secret value cannot be empty',
  'secret.notFound': "group {groupId} has no secret '{name}'",
  'secret.globalNotFound': "there is no global secret '{name}'",
} as const
