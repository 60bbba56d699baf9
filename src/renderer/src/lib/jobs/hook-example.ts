import type { CreatedHook } from '../../../../shared/hook-types'

/**
 * Where a trigger URL is reached from here: on a console served by the server (http or https),
 * the address this browser used — what an operator's scripts on the same network use too; in the
 * desktop app, the node's own address (`--node-url`, or this host and port) the core reports.
 */
export function hookUrl(created: Pick<CreatedHook, 'path' | 'url'>, location: Pick<Location, 'protocol' | 'origin'> | undefined): string {
  return location && (location.protocol === 'http:' || location.protocol === 'https:') ? `${location.origin}${created.path}` : created.url
}

/** A bash script that signs a body with openssl and sends it with curl (the example of docs/trigger-urls.md). */
export function curlExample(url: string, secret: string): string {
  return [
    `SECRET='${secret}'`,
    `BODY='{"param":"hello"}'`,
    'TS=$(date +%s)',
    `SIG=$(printf '%s.%s' "$TS" "$BODY" | openssl dgst -sha256 -hmac "$SECRET" | sed 's/^.* //')`,
    `curl -sS -X POST '${url}' -H 'Content-Type: application/json' \\`,
    `  -H "X-JobDesk-Timestamp: $TS" -H "X-JobDesk-Signature: sha256=$SIG" -d "$BODY"`,
  ].join('\n')
}
