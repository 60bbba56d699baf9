/**
 * Takes secret values out of text that comes back from a run (its log, its handle message, a flow
 * node's output, an alarm's text): the exact value and the forms a script most often prints it in —
 * base64, URL-encoded, JSON-escaped — become MASK. Pure: the values are given.
 */

export const MASK = '••••'

/** Each value and its encoded forms, longest first (a form that contains another is replaced whole). */
export function maskedForms(values: readonly string[]): string[] {
  const forms = new Set<string>()
  for (const value of values) {
    if (value.length === 0) continue
    forms.add(value)
    const base64 = Buffer.from(value, 'utf8').toString('base64')
    forms.add(base64)
    // Unpadded base64 (base64url and JWT-style printers drop the `=`).
    forms.add(base64.replace(/=+$/, ''))
    forms.add(Buffer.from(value, 'utf8').toString('base64url'))
    forms.add(encodeURIComponent(value))
    // A form body or query written by URLSearchParams spells a space `+`.
    forms.add(new URLSearchParams({ v: value }).toString().slice(2))
    forms.add(JSON.stringify(value).slice(1, -1))
  }
  return [...forms].filter((form) => form.length > 0).sort((a, b) => b.length - a.length)
}

/** What masks one text at a time; `none` when there is nothing to mask (then `mask` returns its input). */
export interface Masker {
  readonly none: boolean
  /** The longest form's length: a streaming masker keeps this much less one between writes. */
  readonly longest: number
  mask(text: string): string
}

export function maskerFor(values: readonly string[]): Masker {
  const forms = maskedForms(values)
  if (forms.length === 0) return NO_MASK
  const pattern = new RegExp(forms.map(escapeRegExp).join('|'), 'g')
  return { none: false, longest: forms[0].length, mask: (text) => text.replace(pattern, MASK) }
}

export const NO_MASK: Masker = { none: true, longest: 0, mask: (text) => text }

/**
 * Masks text written in pieces (a run's log, write by write): a value split across two writes is
 * masked too. Each `write` returns what may be passed on now; the last `longest − 1` characters
 * stay held (a value could begin there and end in the next write) until the next write or `end`.
 */
export class StreamMasker {
  private held = ''

  constructor(private readonly masker: Masker) {}

  write(chunk: string): string {
    if (this.masker.none) return chunk
    const text = this.masker.mask(this.held + chunk)
    const keep = Math.min(text.length, this.masker.longest - 1)
    // Never hold the start of a mask already made: it is output, not a value's beginning.
    let cut = text.length - keep
    const lastMask = text.lastIndexOf(MASK)
    if (lastMask >= 0 && lastMask + MASK.length > cut) cut = lastMask + MASK.length
    this.held = text.slice(cut)
    return text.slice(0, cut)
  }

  /** What is still held, masked: the stream's last words. */
  end(): string {
    const rest = this.masker.mask(this.held)
    this.held = ''
    return rest
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
