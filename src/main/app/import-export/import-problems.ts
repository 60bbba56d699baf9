import { ValidationError } from '../../../shared/errors'

/**
 * Every problem an import found, each prefixed with its path in the document
 * (`jobs[3].scheduleConf: …`, `links[0]: …`). Nothing is applied when this is thrown. The message
 * lists the problems one per line after a count, so the UI can show it as is:
 * `document: 2 problems, nothing was imported:\n- jobs[3].scheduleConf: …\n- links[0]: …`.
 */
export class ImportValidationError extends ValidationError {
  readonly problems: readonly string[]
  /** The same problems as data: where in the document (`jobs[3].scheduleConf`, `links`) and the rule. */
  readonly entries: readonly ImportProblem[]

  constructor(entries: readonly ImportProblem[]) {
    const problems = entries.map((entry) => `${entry.path}: ${entry.rule}`)
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`
    super('document', `${count}, nothing was imported:\n${problems.map((p) => `- ${p}`).join('\n')}`)
    this.problems = problems
    this.entries = entries
  }
}

export interface ImportProblem {
  path: string
  rule: string
}

/** Collects problems while an import document is read; `add` takes the path and the rule. */
export class ImportProblems {
  readonly list: string[] = []
  readonly entries: ImportProblem[] = []

  add(path: string, rule: string): void {
    this.list.push(`${path}: ${rule}`)
    this.entries.push({ path, rule })
  }

  /** Reports a ValidationError from a field check under `path`, e.g. `jobs[2]` + `scheduleConf: …`. */
  addFieldError(path: string, error: ValidationError, suffix = ''): void {
    const rule = error.message.startsWith(`${error.field}: `) ? error.message.slice(error.field.length + 2) : error.message
    this.add(`${path}.${error.field}`, `${rule}${suffix}`)
  }

  throwIfAny(): void {
    if (this.entries.length > 0) throw new ImportValidationError(this.entries)
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
