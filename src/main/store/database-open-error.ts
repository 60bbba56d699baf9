/** A database that cannot be used (any engine); the message is meant for the operator, as is. */
export class DatabaseOpenError extends Error {
  override readonly name = 'DatabaseOpenError'
}
