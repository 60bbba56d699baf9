import { ConflictError, NotFoundError, PermissionError, ValidationError, type ErrorParams } from '../errors'
import { englishMessage, type MessageCode } from './index'

/**
 * Errors built from a message code: the English message comes from the same template the console
 * translates, so the two never drift apart.
 */
export function invalidField(field: string, code: MessageCode, params: ErrorParams = {}): ValidationError {
  return new ValidationError(field, englishMessage(code, params), { code, params })
}

export function notFound(code: MessageCode, params: ErrorParams = {}): NotFoundError {
  return new NotFoundError(englishMessage(code, params), { code, params })
}

export function conflict(code: MessageCode, params: ErrorParams = {}): ConflictError {
  return new ConflictError(englishMessage(code, params), { code, params })
}

export function notPermitted(code: MessageCode, params: ErrorParams = {}): PermissionError {
  return new PermissionError(englishMessage(code, params), { code, params })
}

/** What zod's `addIssue` needs for a custom problem with a code (see schema/issue-text.ts). */
export function codedIssue(code: MessageCode, params: ErrorParams = {}, path?: PropertyKey[]) {
  return { code: 'custom' as const, message: englishMessage(code, params), params: { ...params, code }, ...(path ? { path } : {}) }
}
