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
  mask(text: string): string
  /** How many characters at the end of (masked) `text` could begin a value or form: what a stream holds back. */
  heldEnd(text: string): number
}

export function maskerFor(values: readonly string[]): Masker {
  const forms = maskedForms(values)
  if (forms.length === 0) return NO_MASK
  const pattern = new RegExp(forms.map(escapeRegExp).join('|'), 'g')
  const longest = forms[0].length
  return {
    none: false,
    mask: (text) => text.replace(pattern, MASK),
    heldEnd: (text) => {
      // Bounded: at most `longest - 1` suffixes, each compared with every form.
      for (let keep = Math.min(longest - 1, text.length); keep > 0; keep--) {
        const tail = text.slice(text.length - keep)
        if (forms.some((form) => form.length > keep && form.startsWith(tail))) return keep
      }
      return 0
    },
  }
}

export const NO_MASK: Masker = { none: true, mask: (text) => text, heldEnd: () => 0 }

/**
 * Masks text written in pieces (a run's log, write by write): a value split across two writes is
 * masked too. Each `write` returns what may be passed on now and holds back only the end that could
 * be the start of a value or one of its forms (at most the longest form's length less one), until
 * the next write or `end`: text that could begin no value passes at once, so live tails lag only
 * where a secret may be on its way.
 */
export class StreamMasker {
  private held = ''

  constructor(private readonly masker: Masker) {}

  write(chunk: string): string {
    if (this.masker.none) return chunk
    const text = this.masker.mask(this.held + chunk)
    const keep = this.masker.heldEnd(text)
    this.held = text.slice(text.length - keep)
    return text.slice(0, text.length - keep)
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
