import { notFound } from '../../shared/messages/coded-errors'
import type { SecretsApi } from '../../shared/secrets-api'
import type { FacadeDeps } from './facade-deps'

/**
 * The secrets store (src/main/secrets/). The writer's name and a non-admin's visible groups are
 * arguments the methods' rules add (auth/secret-rules.ts); nothing here returns a value.
 */
export function secretsApi(deps: Pick<FacadeDeps, 'secrets' | 'store'>): SecretsApi {
  const { secrets, store } = deps
  const scopeOf = async (groupId: number | null | undefined): Promise<number | null> => {
    if (groupId === undefined || groupId === null) return null
    if (!(await store.groups.get(groupId))) throw notFound('group.notFound', { id: groupId })
    return groupId
  }
  const missing = (name: string, groupId: number | null) =>
    groupId === null ? notFound('secret.globalNotFound', { name }) : notFound('secret.notFound', { name, groupId })
  return {
    async setSecret({ name, groupId, value }, by = 'someone') {
      return { version: await secrets.set({ name, groupId: await scopeOf(groupId), value }, by) }
    },
    async listSecrets(filter = {}, visibleGroups?: readonly number[]) {
      const { groupId } = filter
      if (groupId === null) return secrets.list([null])
      if (groupId !== undefined) return secrets.list([groupId, null])
      return secrets.list(visibleGroups && [null, ...visibleGroups])
    },
    async removeSecret({ name, groupId }) {
      const scope = groupId ?? null
      if (!(await secrets.remove({ name, groupId: scope }))) throw missing(name, scope)
    },
    async listSecretVersions({ name, groupId }) {
      const scope = groupId ?? null
      const versions = await secrets.versions({ name, groupId: scope })
      if (!versions) throw missing(name, scope)
      return versions
    },
  }
}
