import { expect } from 'vitest'

/**
 * Assertions on what an error says as data (its code, and its field or params where they matter),
 * not on its English text: the text may be reworded, the code is what the console and callers read.
 */
export type ExpectedError = { code: string; field?: string; params?: Record<string, unknown>; name?: string }

function expected(code: string | ExpectedError): ExpectedError {
  return typeof code === 'string' ? { code } : code
}

/** `promise` rejects with an error of `code` (and the given field, params or class name). */
export async function expectCode(promise: Promise<unknown>, code: string | ExpectedError): Promise<void> {
  await expect(promise).rejects.toMatchObject(expected(code))
}

/** The error `work` rejects with, for assertions on its class, field and message; fails when it resolves. */
export async function refusalOf(work: Promise<unknown>): Promise<Error> {
  try {
    await work
  } catch (error) {
    return error as Error
  }
  throw new Error('it was accepted')
}
