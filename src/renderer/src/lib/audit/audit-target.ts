/**
 * What an audit entry is about, read from its stored target text (`job 5`, `new job`, `user 'ann'`,
 * `link 3 → 4`, an address, a method name). The trail keeps that text as the core wrote it — the
 * CSV and JSON exports and older rows carry it — and the console says it in its own language.
 */
export type AuditTarget =
  | { kind: 'job' | 'run' | 'group' | 'user' | 'token' | 'flow' | 'flowRun'; id: number }
  | { kind: 'user' | 'token'; name: string }
  | { kind: 'newJob' | 'newGroup' | 'newFlow' }
  | { kind: 'link'; parentId: number; childId: number }
  | { kind: 'text'; text: string }

const BY_ID: Record<string, Extract<AuditTarget, { id: number }>['kind']> = {
  job: 'job',
  run: 'run',
  group: 'group',
  user: 'user',
  token: 'token',
  flow: 'flow',
  'flow run': 'flowRun',
}
const NEW: Record<string, Extract<AuditTarget, { kind: 'newJob' | 'newGroup' | 'newFlow' }>['kind']> = {
  'new job': 'newJob',
  'new group': 'newGroup',
  'new flow': 'newFlow',
}

export function parseAuditTarget(target: string): AuditTarget {
  const fresh = NEW[target]
  if (fresh) return { kind: fresh }
  const byId = /^(job|run|group|user|token|flow run|flow) (\d+)$/.exec(target)
  if (byId) return { kind: BY_ID[byId[1]], id: Number(byId[2]) }
  const named = /^(user|token) '(.*)'$/.exec(target)
  if (named) return { kind: named[1] as 'user' | 'token', name: named[2] }
  const link = /^link (\d+) → (\d+)$/.exec(target)
  if (link) return { kind: 'link', parentId: Number(link[1]), childId: Number(link[2]) }
  // A user the core named without an id (a sign-in by name) is `user ann`.
  const userName = /^user (\S+)$/.exec(target)
  if (userName) return { kind: 'user', name: userName[1] }
  return { kind: 'text', text: target }
}
