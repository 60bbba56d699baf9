/** English text of the editors' "Trigger URL" section (merged into en.ts). */
export const enHooks = {
  'hooks.section': 'Trigger URL',
  'hooks.hint': 'A POST to this URL, signed with its secret, starts a run (docs/trigger-urls.md; GitHub, Gitea and GitLab webhooks work too).',
  'hooks.saveFirst': 'Save first: a trigger URL belongs to a saved job or flow.',
  'hooks.create': 'Create trigger URL',
  'hooks.none': 'No trigger URL yet.',
  'hooks.created': 'Trigger URL created. Copy the secret now: it is not shown again.',
  'hooks.url': 'URL',
  'hooks.secret': 'Secret',
  'hooks.example': 'Example (bash and openssl)',
  'hooks.createdAt': 'created {time} by {who}',
  'hooks.lastUsed': 'last used {time}',
  'hooks.neverUsed': 'never used',
  'hooks.remove': 'Remove trigger URL',
  'hooks.removeTitle': 'Remove trigger URL {id}?',
  'hooks.removeBody': 'Requests to it are refused from now on (404); senders need a new URL and secret.',
  'hooks.removed': 'Trigger URL removed',
}
