import type { ParamDecl, ParamFormat, ParamsFields } from '../../shared/job-params'

/** A job's or a flow's typed-parameter columns (migration 0031); NULL: none declared. */
export interface ParamColumns {
  params: string | null
  param_format: string | null
  param_template: string | null
}

export function paramColumnsOf(fields: ParamsFields): ParamColumns {
  const declared = fields.params !== undefined && fields.params.length > 0
  return {
    params: declared ? JSON.stringify(fields.params) : null,
    param_format: declared ? (fields.paramFormat ?? 'json') : null,
    param_template: declared && fields.paramTemplate ? fields.paramTemplate : null,
  }
}

/**
 * The fields of the columns, each only when set: a job without declared params reads exactly as it
 * did before they existed (and the trigger sees nothing to do for it).
 */
export function paramsFieldsOfRow(row: Partial<ParamColumns>): ParamsFields {
  if (!row.params) return {}
  return {
    params: JSON.parse(row.params) as ParamDecl[],
    paramFormat: (row.param_format ?? 'json') as ParamFormat,
    ...(row.param_template ? { paramTemplate: row.param_template } : {}),
  }
}
