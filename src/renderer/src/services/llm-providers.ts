import type { JobDeskApi } from '../../../shared/api'
import { client } from '../api/client'

/* A group's LLM provider (docs/llm-steps.md), read and written by the group editor; its key's secret by name only. */

export const getLlmProvider: JobDeskApi['getLlmProvider'] = (...args) => client().getLlmProvider(...args)
export const setLlmProvider: JobDeskApi['setLlmProvider'] = (...args) => client().setLlmProvider(...args)
export const removeLlmProvider: JobDeskApi['removeLlmProvider'] = (...args) => client().removeLlmProvider(...args)
