/**
 * Errors the core throws and the UI branches on. They cross threads and the browser bridge as
 * {@link ErrorInfo} (see `toErrorInfo`), and the XXL-JOB wire as `{code:500, msg}`.
 *
 * Every error carries a machine-readable `code` and its `params`: the console renders the message in
 * its own language from those (the English `message` is for logs, the wire and as a fallback), so
 * nothing on the receiving side parses prose.
 */

/** Values an error's parameters may hold; they survive JSON and structured clone as they are. */
export type ErrorParams = Record<string, string | number | boolean | null | readonly (string | number)[]>

/** One of several problems an error reports (an import lists every problem of its document). */
export interface ErrorProblem {
  /** Where in the input, e.g. `jobs[3].scheduleConf`. */
  field: string
  code: string
  params: ErrorParams
  /** The problem in English, for logs and as the fallback of an unknown code. */
  message: string
}

interface CodedErrorOptions {
  code?: string
  params?: ErrorParams
}

/**
 * The base of the errors above: a code the console renders in its language, with its parameters.
 * The English `message` is for logs, the wire and as a fallback.
 */
export abstract class CodedError extends Error {
  readonly code: string
  readonly params: ErrorParams

  protected constructor(message: string, code: string, options: CodedErrorOptions) {
    super(message)
    this.code = options.code ?? code
    this.params = options.params ?? {}
  }
}

export class ValidationError extends CodedError {
  override readonly name = 'ValidationError'
  /** The input field the message is about, e.g. `scheduleConf` or `callbackList[3].logId`; the message does not name it. */
  readonly field: string
  /** Every problem, when there are several (an import document); empty otherwise. */
  readonly problems: readonly ErrorProblem[]

  /** `code` defaults to `validation.invalid`; see src/shared/schema/issue-text.ts for the validation codes. */
  constructor(field: string, message: string, options: CodedErrorOptions & { problems?: readonly ErrorProblem[] } = {}) {
    super(message, 'validation.invalid', options)
    this.field = field
    this.problems = options.problems ?? []
  }
}

export class NotFoundError extends CodedError {
  override readonly name = 'NotFoundError'

  constructor(message: string, options: CodedErrorOptions = {}) {
    super(message, 'notFound', options)
  }
}

/** The request is well-formed but conflicts with the current state (e.g. a link that closes a cycle). */
export class ConflictError extends CodedError {
  override readonly name = 'ConflictError'

  constructor(message: string, options: CodedErrorOptions = {}) {
    super(message, 'conflict', options)
  }
}

/** The caller is known but may not do this (a group token outside its group, scripts switched off). */
export class PermissionError extends CodedError {
  override readonly name = 'PermissionError'

  constructor(message: string, options: CodedErrorOptions = {}) {
    super(message, 'permission', options)
  }
}

export interface ErrorInfo {
  name: string
  message: string
  field?: string
  code?: string
  params?: ErrorParams
  problems?: ErrorProblem[]
}

export function toErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof ValidationError) {
    const info: ErrorInfo = { name: error.name, message: error.message, field: error.field, code: error.code, params: error.params }
    return error.problems.length > 0 ? { ...info, problems: [...error.problems] } : info
  }
  if (error instanceof CodedError) return { name: error.name, message: error.message, code: error.code, params: error.params }
  if (error instanceof Error) return { name: error.name, message: error.message }
  return { name: 'Error', message: String(error) }
}

/** Rebuilds an error on the receiving side so `instanceof`, `.field` and `.code` work there too. */
export function fromErrorInfo(info: ErrorInfo): Error {
  const options = { code: info.code, params: info.params }
  if (info.name === 'ValidationError' && info.field) return new ValidationError(info.field, info.message, { ...options, problems: info.problems })
  if (info.name === 'NotFoundError') return new NotFoundError(info.message, options)
  if (info.name === 'ConflictError') return new ConflictError(info.message, options)
  if (info.name === 'PermissionError') return new PermissionError(info.message, options)
  const error = new Error(info.message)
  error.name = info.name
  return error
}

/** True for the errors that describe the caller's input or rights (answered as such, not as a server fault). */
export function isCallerError(error: unknown): error is CodedError {
  return error instanceof CodedError
}
/**
 * An error as one English line naming the field of a ValidationError (`scheduleConf: is required`),
 * for a log, the CLI or a wire reply: the message itself never names the field.
 */
export function describeError(error: unknown): string {
  if (error instanceof ValidationError) return `${error.field}: ${error.message}`
  return error instanceof Error ? error.message : String(error)
}
