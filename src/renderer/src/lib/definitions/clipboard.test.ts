import { afterEach, describe, expect, it, vi } from 'vitest'
import { writeClipboard } from './clipboard'

afterEach(() => vi.unstubAllGlobals())

describe('writeClipboard', () => {
  it('writes where the clipboard is reachable, and says false where it is missing or refuses', async () => {
    const writeText = vi.fn(async () => {})
    vi.stubGlobal('navigator', { clipboard: { writeText } })
    expect(await writeClipboard('kind: Job\n')).toBe(true)
    expect(writeText).toHaveBeenCalledWith('kind: Job\n')

    writeText.mockRejectedValueOnce(new DOMException('not focused', 'NotAllowedError'))
    expect(await writeClipboard('x')).toBe(false)

    // A console over plain http: no clipboard API at all.
    vi.stubGlobal('navigator', {})
    expect(await writeClipboard('x')).toBe(false)
  })
})
