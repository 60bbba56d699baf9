/** The URL with any password replaced by `***`, for messages about a URL that may not parse. */
export function redactUrl(text: string): string {
  return text
    .trim()
    .replace(/^([a-z][a-z0-9+.-]*:\/\/[^/@:]*):[^@/]*@/i, '$1:***@')
    .slice(0, 300)
}
