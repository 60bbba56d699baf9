import type { LogPage } from '../../shared/model'
import type { RunCompleter, RunCompletion } from '../domain/runs'
import type { Masker } from './mask'

/**
 * The texts a run sends back from outside this process — a LAN or foreign executor's handle
 * message, its log pages — masked before JobDesk keeps or shows them: a foreign xxl-job-core
 * executor knows nothing of masking. Each is a no-op (one property read) without secrets.
 */

export function maskingCompleter(writer: RunCompleter, masker: () => Masker): RunCompleter {
  return {
    complete(completions: RunCompletion[]) {
      const mask = masker()
      if (mask.none) return writer.complete(completions)
      return writer.complete(completions.map((c) => ({ ...c, handleMsg: mask.mask(c.handleMsg) })))
    },
  }
}

/** A log page with its text masked. Pages end at a line's end, so a value split across two pages was split across two lines. */
export function maskedPage(page: LogPage, masker: Masker): LogPage {
  if (masker.none || page.logContent === '') return page
  return { ...page, logContent: masker.mask(page.logContent) }
}
