import { executorAddress } from './primitives'
import { z } from './z'

/**
 * What the desktop app's "Connect to a JobDesk server" sends its main process: the server's address
 * (where its console is served, e.g. http://jobs.example.lan:8080/) and the console token it
 * printed at start. Checked in the renderer for the form and again in the main process.
 */
export const serverConnectSchema = z.strictObject({
  // The rule of an executor's address: one http(s) URL with a host and no credentials in it.
  url: executorAddress,
  token: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[\x21-\x7e]+$/, { message: 'must be the console token JobDesk printed: printable characters, no spaces' }),
})

export type ServerConnectRequest = z.infer<typeof serverConnectSchema>

/** The console's address with the token in the fragment (never sent to the server in requests). */
export function remoteConsoleUrl(request: ServerConnectRequest): string {
  const url = new URL(request.url)
  return `${url.origin}${url.pathname}#token=${encodeURIComponent(request.token)}`
}
