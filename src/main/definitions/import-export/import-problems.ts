import { ValidationError, type ErrorParams, type ErrorProblem } from '../../../shared/errors'
import { englishMessage, type MessageCode } from '../../../shared/messages'

/**
 * Every problem an import found, each with its path in the document (`jobs[3].scheduleConf`,
 * `links[0]`), its code and parameters (`problems`, for the console to render in its language).
 * Nothing is applied when this is thrown. The English message lists the problems one per line after
 * a count: `document: 2 problems, nothing was imported:\n- jobs[3].scheduleConf: …\n- links[0]: …`.
 */
export class ImportValidationError extends ValidationError {
  /** The problems as `path: rule` lines, as the message lists them. */
  readonly lines: readonly string[]

  constructor(problems: readonly ErrorProblem[]) {
    const lines = problems.map(lineOf)
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`
    super('document', `${count}, nothing was imported:\n${lines.map((line) => `- ${line}`).join('\n')}`, {
      code: 'import.refused',
      params: { count: problems.length },
      problems,
    })
    this.lines = lines
  }
}

function lineOf(problem: ErrorProblem): string {
  return `${problem.field}: ${problem.message}`
}

/**
 * Which job or flow of the document a problem is about, when its path alone does not say it
 * plainly: the console appends it in its language, the English message as ` (job 'name')`.
 */
export type ProblemLabel = { jobName: string } | { jobKey: string } | { flowName: string } | Record<string, never>

function labelText(label: ProblemLabel): string {
  if ('jobName' in label) return ` (job '${label.jobName}')`
  if ('jobKey' in label) return ` (job key '${label.jobKey}')`
  if ('flowName' in label) return ` (flow '${label.flowName}')`
  return ''
}

/** Collects problems while an import document is read. */
export class ImportProblems {
  readonly list: ErrorProblem[] = []

  /** A problem at `path` by its code. */
  add(path: string, code: MessageCode, params: ErrorParams = {}, label: ProblemLabel = {}): void {
    this.list.push({ field: path, code, params: { ...params, ...label }, message: englishMessage(code, params) + labelText(label) })
  }

  /** Reports a ValidationError from a field check under `path`, e.g. `jobs[2]` + `scheduleConf: …`. */
  addFieldError(path: string, error: ValidationError, label: ProblemLabel = {}): void {
    const params: ErrorParams = { ...error.params, ...label }
    delete params.field
    this.list.push({ field: `${path}.${error.field}`, code: error.code, params, message: error.message + labelText(label) })
  }

  /** A problem a schema reported (its message already in English). */
  addReported(path: string, problem: { code: string; params: ErrorParams; message: string }, label: ProblemLabel = {}): void {
    this.list.push({ field: path, code: problem.code, params: { ...problem.params, ...label }, message: problem.message + labelText(label) })
  }

  throwIfAny(): void {
    if (this.list.length > 0) throw new ImportValidationError(this.list)
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
