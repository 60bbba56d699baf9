/**
 * An artifact's content type, from its first bytes and its name's extension — never from what the
 * run claims. Only types the console can show safely come out: nothing a browser would run (HTML
 * and SVG are text/plain here), so a served artifact cannot run script in the console's origin.
 */
export function sniffContentType(name: string, head: Uint8Array): string {
  const magic = byMagic(head)
  if (magic) return magic
  const ext = /\.([a-z0-9]{1,8})$/i.exec(name)?.[1]?.toLowerCase() ?? ''
  const known = BY_EXTENSION[ext]
  if (known) return known
  return looksLikeText(head) ? 'text/plain' : 'application/octet-stream'
}

const BY_EXTENSION: Record<string, string> = {
  csv: 'text/csv',
  tsv: 'text/csv',
  json: 'application/json',
  txt: 'text/plain',
  log: 'text/plain',
  md: 'text/plain',
}

function starts(head: Uint8Array, bytes: number[], at = 0): boolean {
  return bytes.every((byte, i) => head[at + i] === byte)
}

function byMagic(head: Uint8Array): string | null {
  if (starts(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (starts(head, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (starts(head, [0x47, 0x49, 0x46, 0x38])) return 'image/gif'
  if (starts(head, [0x52, 0x49, 0x46, 0x46]) && starts(head, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp'
  if (starts(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'
  if (starts(head, [0x50, 0x4b, 0x03, 0x04])) return 'application/zip'
  if (starts(head, [0x1f, 0x8b])) return 'application/gzip'
  return null
}

/** No NUL and valid UTF-8 in the first bytes (a cut last character allowed). */
function looksLikeText(head: Uint8Array): boolean {
  if (head.includes(0)) return false
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 3)))
    return true
  } catch {
    return false
  }
}
