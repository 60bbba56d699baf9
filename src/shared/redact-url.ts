/**
 * A chat robot's or webhook's URL as a non-admin sees it: the host only (`https://oapi.dingtalk.com/…`),
 * since the robot's token is in its query or path.
 */
export function urlHostOnly(url: string): string {
  try {
    return `${new URL(url).origin}/…`
  } catch {
    return '…'
  }
}

/** The URL with any password replaced by `***`, for messages about a URL that may not parse. */
export function redactUrl(text: string): string {
  return text
    .trim()
    .replace(/^([a-z][a-z0-9+.-]*:\/\/[^/@:]*):[^@/]*@/i, '$1:***@')
    .slice(0, 300)
}
