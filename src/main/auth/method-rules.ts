import { CALENDAR_RULES } from './calendar-rules'
import { POOL_RULES } from './pool-rules'
import { WINDOW_RULES } from './window-rules'
import { SILENCE_RULES } from './silence-rules'
import { BACKFILL_RULES } from './backfill-rules'
import { DEFINITION_RULES } from './definition-rules'
import { EXECUTOR_RULES } from './executor-rules'
import { FLOW_RULES } from './flow-rules'
import { HOOK_RULES } from './hook-rules'
import { JOB_RULES } from './job-rules'
import type { CoreApi, MethodRule } from './method-rule-types'
import { OVERVIEW_RULES } from './overview-rules'
import { RUN_RULES } from './run-rules'
import { SETTINGS_RULES } from './settings-rules'
import { RUN_VIEW_RULES } from './run-view-rules'
import { SECRET_RULES } from './secret-rules'
import { LLM_RULES } from './llm-rules'

/**
 * Every facade method's rule, one area's rules to a file (the auth methods have theirs in
 * ./auth-rules.ts). The types and the rules the areas share are in ./method-rule-types.ts and
 * ./common-rules.ts, below them all.
 */
export const CORE_RULES = {
  ...OVERVIEW_RULES,
  ...EXECUTOR_RULES,
  ...JOB_RULES,
  ...RUN_RULES,
  ...DEFINITION_RULES,
  ...SETTINGS_RULES,
  ...FLOW_RULES,
  ...HOOK_RULES,
  ...CALENDAR_RULES,
  ...POOL_RULES,
  ...WINDOW_RULES,
  ...SILENCE_RULES,
  ...BACKFILL_RULES,
  ...RUN_VIEW_RULES,
  ...SECRET_RULES,
  ...LLM_RULES,
} satisfies Record<keyof CoreApi, MethodRule>
