/**
 * Writes `text` to the clipboard. False where the renderer cannot: a console opened over plain
 * http (not localhost) has no `navigator.clipboard`, and a browser may refuse without a reason.
 */
export async function writeClipboard(text: string): Promise<boolean> {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard
  if (!clipboard) return false
  try {
    await clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}
