import { checkParamValues, declaresParams, secretReference, type ParamDecl, type ParamsFields, type ParamValue } from '../../shared/job-params'
import { formatParams, kvLineBreakProblems } from '../../shared/job-params-format'
import { scheduleValuesOf } from '../../shared/schedule-values'
import { invalidField } from '../../shared/messages/coded-errors'
import { zoneOffsetMs } from '../schedule/timezone'

/** What a run of a job (or flow) with declared params is given: its one parameter string and the typed values it records. */
export interface TypedRun {
  param: string
  /** As the run records them (job_log.typed_params): a secret parameter as its `${secrets.NAME}` reference. */
  recorded: Record<string, ParamValue>
}

type Declared = ParamsFields & { params: ParamDecl[]; timezone: string }

/**
 * The values of a trigger against the declaration, formatted (docs/parameters.md).
 * - `given`: the values a person or a script gave (absent: every parameter takes its default);
 * - `slotMs`: a backfill's slot: each `date` parameter takes the slot's date and each `datetime`
 *   the slot's time, in the job's zone, unless given;
 * - `strict`: a trigger someone asked for (MANUAL, API, a trigger URL) is refused, naming the
 *   parameter, for any value the declaration refuses; a trigger JobDesk makes itself (a child, a
 *   backfill slot) sends what is valid, as a scheduled fire does.
 */
export function typedRunOf(declared: Declared, given: Readonly<Record<string, unknown>> | undefined, slotMs: number | null, strict: boolean): TypedRun {
  const values: Record<string, unknown> = { ...given }
  if (slotMs !== null) fillSlot(declared, values, slotMs)
  const checked = checkParamValues(declared.params, values)
  const format = declared.paramFormat ?? 'json'
  const problems = [...checked.problems, ...(format === 'kv' ? kvLineBreakProblems(checked.values) : [])]
  if (strict && problems.length > 0) {
    const [first] = problems
    throw invalidField(`params.${first.field}`, first.code, first.params)
  }
  const valid = Object.fromEntries(Object.entries(checked.values).filter(([name]) => !problems.some((p) => p.field === name)))
  return { param: formatParams(format, declared.params, valid, declared.paramTemplate), recorded: recordedValues(declared.params, valid) }
}

/** A job's scheduled fires: the defaults formatted (a required parameter without one is refused at save, schema/job-params.ts). */
export function defaultParamOf(fields: ParamsFields & { timezone: string; executorParam: string }): string {
  if (!declaresParams(fields)) return fields.executorParam
  return typedRunOf(fields, undefined, null, false).param
}

function fillSlot(declared: Declared, values: Record<string, unknown>, slotMs: number): void {
  const zone = declared.timezone === '' ? 'UTC' : declared.timezone
  const slot = scheduleValuesOf(slotMs, zoneOffsetMs(zone, slotMs))
  for (const decl of declared.params) {
    if (Object.hasOwn(values, decl.name)) continue
    if (decl.type === 'date') values[decl.name] = slot.date
    else if (decl.type === 'datetime') values[decl.name] = slot.time.slice(0, 19)
  }
}

function recordedValues(decls: readonly ParamDecl[], values: Readonly<Record<string, ParamValue>>): Record<string, ParamValue> {
  const secret = new Set(decls.filter((decl) => decl.type === 'secret').map((decl) => decl.name))
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, secret.has(name) && typeof value === 'string' ? secretReference(value) : value]),
  )
}

/**
 * What a trigger someone asked for may give: a job with declared params takes `params` (a free-text
 * executorParam would bypass them), a job without takes its free text and no `params`.
 */
export function checkTriggerFields(job: ParamsFields, given: { executorParam?: string; params?: Readonly<Record<string, unknown>> }): void {
  if (declaresParams(job)) {
    if (given.executorParam !== undefined && given.params === undefined) throw invalidField('executorParam', 'params.declared')
  } else if (given.params !== undefined) throw invalidField('params', 'params.notDeclared')
}
