/**
 * Errors the core throws and the UI branches on. They cross threads and the browser bridge as
 * `{ name, message, field? }` (see `toErrorInfo`), and the XXL-JOB wire as `{code:500, msg}`.
 */
export class ValidationError extends Error {
  override readonly name = 'ValidationError'
  /** The input field the message is about, e.g. `scheduleConf`. */
  readonly field: string

  constructor(field: string, message: string) {
    super(message.startsWith(`${field}:`) ? message : `${field}: ${message}`)
    this.field = field
  }
}

export class NotFoundError extends Error {
  override readonly name = 'NotFoundError'
}

/** The request is well-formed but conflicts with the current state (e.g. a link that closes a cycle). */
export class ConflictError extends Error {
  override readonly name = 'ConflictError'
}

export interface ErrorInfo {
  name: string
  message: string
  field?: string
}

export function toErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof ValidationError) return { name: error.name, message: error.message, field: error.field }
  if (error instanceof Error) return { name: error.name, message: error.message }
  return { name: 'Error', message: String(error) }
}

/** Rebuilds an error on the receiving side so `instanceof` and `.field` work there too. */
export function fromErrorInfo(info: ErrorInfo): Error {
  if (info.name === 'ValidationError' && info.field) {
    const error = new ValidationError(info.field, info.message)
    return error
  }
  if (info.name === 'NotFoundError') return new NotFoundError(info.message)
  if (info.name === 'ConflictError') return new ConflictError(info.message)
  const error = new Error(info.message)
  error.name = info.name
  return error
}
