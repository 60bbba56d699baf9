import type { NetworkInterfaceInfo } from 'node:os'
import { describe, expect, it } from 'vitest'
import { defaultRegistryAddress } from './advertised-address'

const nic = (address: string, family: 'IPv4' | 'IPv6', internal: boolean): NetworkInterfaceInfo =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null }) as NetworkInterfaceInfo

const interfaces = {
  lo: [nic('127.0.0.1', 'IPv4', true), nic('::1', 'IPv6', true)],
  eth0: [nic('fe80::1', 'IPv6', false), nic('10.0.0.5', 'IPv4', false)],
  eth1: [nic('192.168.1.7', 'IPv4', false)],
}

describe('defaultRegistryAddress', () => {
  it('uses the first non-internal IPv4 address when bound to every interface', () => {
    expect(defaultRegistryAddress('0.0.0.0', 9999, interfaces)).toBe('http://10.0.0.5:9999/')
    expect(defaultRegistryAddress('::', 9999, interfaces)).toBe('http://10.0.0.5:9999/')
  })

  it('uses 127.0.0.1 when bound to loopback, or when there is no LAN address', () => {
    expect(defaultRegistryAddress('127.0.0.1', 19999, interfaces)).toBe('http://127.0.0.1:19999/')
    expect(defaultRegistryAddress('localhost', 19999, interfaces)).toBe('http://127.0.0.1:19999/')
    expect(defaultRegistryAddress('0.0.0.0', 9999, { lo: interfaces.lo })).toBe('http://127.0.0.1:9999/')
  })

  it('uses the bound host when it is one interface', () => {
    expect(defaultRegistryAddress('192.168.1.7', 9999, interfaces)).toBe('http://192.168.1.7:9999/')
    expect(defaultRegistryAddress('fd00::5', 9999, interfaces)).toBe('http://[fd00::5]:9999/')
  })
})
