import type { BridgeCase, HttpCase } from './matrix-cases'
import type { SecurityWorld } from '../../../support/security-world'
import type { Credential } from './security-matrix'

/** A secret made for one case (in group A, or global), so each write has its own. */
async function throwawaySecret(world: SecurityWorld, groupId: number | null): Promise<string> {
  const name = `throwaway_${Math.random().toString(36).slice(2, 8)}`
  await world.auth.h.headless.core.api.setSecret({ name, groupId, value: `value of ${name}` })
  return name
}

/**
 * Secrets (docs/secrets.md): a group's operators write its secrets, admins the global ones; whoever
 * sees a group lists its secrets' names and versions; B's are an admin's only here (foreign).
 */
export function secretBridgeCases(world: () => SecurityWorld): BridgeCase[] {
  const a = () => world().groupA.id
  const b = () => world().groupB.id
  return [
    { method: 'setSecret', args: (role) => [{ name: `set_by_${role}`, groupId: a(), value: `a value ${role} chose` }], need: 'operator', action: 'secret.set' },
    {
      label: 'setSecret global',
      method: 'setSecret',
      args: (role) => [{ name: `global_by_${role}`, value: 'a global value' }],
      need: 'admin',
      action: 'secret.set',
    },
    {
      label: 'setSecret in B',
      method: 'setSecret',
      args: (role) => [{ name: `b_by_${role}`, groupId: b(), value: 'a value for B' }],
      need: 'operator',
      foreign: true,
      action: 'secret.set',
    },
    { method: 'listSecrets', args: () => [{}], need: 'anyone', action: 'auth.read' },
    { label: 'listSecrets of A', method: 'listSecrets', args: () => [{ groupId: a() }], need: 'viewer', action: 'auth.read' },
    { label: 'listSecrets of B', method: 'listSecrets', args: () => [{ groupId: b() }], need: 'viewer', foreign: true, action: 'auth.read' },
    {
      method: 'listSecretVersions',
      args: async () => [{ name: await throwawaySecret(world(), a()), groupId: a() }],
      need: 'viewer',
      action: 'auth.read',
    },
    { method: 'removeSecret', args: async () => [{ name: await throwawaySecret(world(), a()), groupId: a() }], need: 'operator', action: 'secret.remove' },
    {
      label: 'removeSecret global',
      method: 'removeSecret',
      args: async () => [{ name: await throwawaySecret(world(), null) }],
      need: 'admin',
      action: 'secret.remove',
    },
  ]
}

/** The OpenAPI's cases: a personal token and the group token act in A, the API token is an admin. */
export function secretHttpCases(world: () => SecurityWorld, operatorOfA: Credential[], postsMade: () => number): HttpCase[] {
  const a = () => world().groupA.id
  return [
    {
      label: 'setSecret in A',
      path: '/api/setSecret',
      body: () => ({ name: `http_${postsMade()}`, groupId: a(), value: 'an http value' }),
      may: operatorOfA,
      action: 'secret.set',
    },
    {
      label: 'setSecret in B',
      path: '/api/setSecret',
      body: () => ({ name: `http_${postsMade()}`, groupId: world().groupB.id, value: 'an http value' }),
      may: ['api'],
      action: 'secret.set',
    },
    {
      label: 'setSecret global',
      path: '/api/setSecret',
      body: () => ({ name: `http_${postsMade()}`, value: 'an http value' }),
      may: ['api'],
      action: 'secret.set',
    },
    { label: 'listSecrets', path: '/api/listSecrets', body: () => ({}), may: operatorOfA, action: 'auth.read' },
    {
      label: 'listSecretVersions in A',
      path: '/api/listSecretVersions',
      body: async () => ({ name: await throwawaySecret(world(), a()), groupId: a() }),
      may: operatorOfA,
      action: 'auth.read',
    },
    {
      label: 'removeSecret in A',
      path: '/api/removeSecret',
      body: async () => ({ name: await throwawaySecret(world(), a()), groupId: a() }),
      may: operatorOfA,
      action: 'secret.remove',
    },
  ]
}
