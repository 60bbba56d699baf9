/**
 * Messages of LLM steps (docs/llm-steps.md): a group's provider, and why a run of `llmJobHandler`
 * was not sent (src/main/trigger/llm-request.ts), by code (see ./index.ts). None carries a key.
 */
export const enLlmMessages = {
  'llm.providerNotFound': 'group {groupId} has no LLM provider',
  'llm.overrideRefused':
    'an LLM step carries its group’s provider and key, and {addresses} is not registered in the job’s group: it goes only to the group’s own executors, never to an address a caller chose',
  'triggerResult.llmNoProvider':
    'failed — group {groupId} has no LLM provider, so its LLM steps have nowhere to send their prompt: set one in the group’s editor or with setLlmProvider (Trigger Fail)',
  'triggerResult.llmToUnregistered':
    'failed — an LLM step carries its group’s provider and key, and {address} is not registered in its group: they go only to the group’s own executors (Trigger Fail)',
  'triggerResult.llmKeyMissing':
    'failed — the group’s LLM provider takes its key from the secret {name}, and no secret of that name is set for this group or globally (Trigger Fail)',
} as const
