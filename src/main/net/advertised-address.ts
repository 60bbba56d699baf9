import type { NetworkInterfaceInfo } from 'node:os'

/**
 * The address an agent registers when none is given (docs/protocol.md#transport: `http://<ip>:<port>/`, with
 * the trailing slash Java executors use): loopback when bound to loopback, the given host when bound
 * to one interface, else the first non-internal IPv4 address (127.0.0.1 when there is none).
 */
export function defaultRegistryAddress(host: string, port: number, interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>): string {
  return `http://${registryHost(host, interfaces)}:${port}/`
}

function registryHost(host: string, interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>): string {
  if (isLoopback(host)) return '127.0.0.1'
  if (host !== '0.0.0.0' && host !== '::' && host !== '') return host.includes(':') ? `[${host}]` : host
  for (const name of Object.keys(interfaces)) {
    for (const info of interfaces[name] ?? []) {
      if (info.family === 'IPv4' && !info.internal) return info.address
    }
  }
  return '127.0.0.1'
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.')
}
