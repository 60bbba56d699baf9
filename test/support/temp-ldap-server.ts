/**
 * A throwaway OpenLDAP server (Debian's slapd) in a temporary folder, on loopback, stopped by its
 * owner: the directory sign-in tests start one with the people and groups they need. The base
 * entries go in with slapadd before it starts; changes during a test go through `modify` as the
 * root DN. A server that cannot start throws a TempServerError saying why: a test that needs slapd
 * fails without it, it never skips.
 */
import { execFile, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { Attribute, Change, Client } from 'ldapts'
import { freePort } from './free-port'
import { TempServerError } from './temp-db-servers'
import { waitFor } from './wait-for'

const run = promisify(execFile)
const SLAPD = '/usr/sbin/slapd'
const SLAPADD = '/usr/sbin/slapadd'

export const LDAP_SUFFIX = 'dc=example,dc=org'
export const LDAP_PEOPLE = `ou=people,${LDAP_SUFFIX}`
export const LDAP_GROUPS = `ou=groups,${LDAP_SUFFIX}`
/** The service account the tests give JobDesk (read-only by the server's default access). */
export const LDAP_SERVICE_DN = `cn=jobdesk,${LDAP_SUFFIX}`
export const LDAP_SERVICE_PASSWORD = 'service-secret-0123'

export interface LdapPerson {
  uid: string
  password: string
}

export interface LdapGroup {
  cn: string
  members: string[]
}

export interface TempLdapServer {
  readonly url: string
  readonly pid: number
  personDn(uid: string): string
  groupDn(cn: string): string
  /** Takes `uid` out of group `cn` (as the root DN, the way an admin of the directory would). */
  removeFromGroup(cn: string, uid: string): Promise<void>
  deletePerson(uid: string): Promise<void>
  /** Adds a person (again, after `deletePerson`: the same DN, and the groups that still list it). */
  addPerson(person: LdapPerson): Promise<void>
  stop(): Promise<void>
}

export async function startTempLdap(people: readonly LdapPerson[], groups: readonly LdapGroup[]): Promise<TempLdapServer> {
  if (!existsSync(SLAPD) || !existsSync(SLAPADD)) throw new TempServerError('slapd is not installed (apt-get install -y slapd ldap-utils): no /usr/sbin/slapd')
  const dir = mkdtempSync(join(tmpdir(), 'jobdesk-ldap-'))
  const rootPassword = 'root-secret-0123'
  mkdirSync(join(dir, 'db'))
  const config = join(dir, 'slapd.conf')
  writeFileSync(
    config,
    [
      ...['core', 'cosine', 'inetorgperson'].map((schema) => `include /etc/ldap/schema/${schema}.schema`),
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      `pidfile ${join(dir, 'slapd.pid')}`,
      'database mdb',
      'maxsize 10485760',
      `suffix "${LDAP_SUFFIX}"`,
      `rootdn "cn=root,${LDAP_SUFFIX}"`,
      `rootpw ${rootPassword}`,
      `directory ${join(dir, 'db')}`,
      // As many directories are set up: the anonymous may bind (auth) and read people, but not the
      // groups, which only a bound user or the service account reads.
      'access to attrs=userPassword by self write by anonymous auth by * none',
      `access to dn.subtree="${LDAP_GROUPS}" by users read by * none`,
      'access to * by * read',
      '',
    ].join('\n'),
  )
  const entries = [
    `dn: ${LDAP_SUFFIX}\nobjectClass: dcObject\nobjectClass: organization\no: Example\ndc: example`,
    `dn: ${LDAP_PEOPLE}\nobjectClass: organizationalUnit\nou: people`,
    `dn: ${LDAP_GROUPS}\nobjectClass: organizationalUnit\nou: groups`,
    `dn: ${LDAP_SERVICE_DN}\nobjectClass: person\ncn: jobdesk\nsn: service\nuserPassword: ${LDAP_SERVICE_PASSWORD}`,
    ...people.map((p) => `dn: uid=${p.uid},${LDAP_PEOPLE}\nobjectClass: inetOrgPerson\nuid: ${p.uid}\ncn: ${p.uid}\nsn: ${p.uid}\nuserPassword: ${p.password}`),
    ...groups.map((g) =>
      [`dn: cn=${g.cn},${LDAP_GROUPS}`, 'objectClass: groupOfNames', `cn: ${g.cn}`, ...g.members.map((m) => `member: uid=${m},${LDAP_PEOPLE}`)].join('\n'),
    ),
  ]
  writeFileSync(join(dir, 'base.ldif'), entries.join('\n\n') + '\n')
  try {
    await run(SLAPADD, ['-f', config, '-l', join(dir, 'base.ldif')], { timeout: 60_000 })
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw new TempServerError(
      `slapadd failed: ${String((error as { stderr?: string }).stderr || (error as Error).message)
        .trim()
        .split('\n')
        .slice(-3)
        .join(' ')}`,
    )
  }
  const port = await freePort()
  const url = `ldap://127.0.0.1:${port}`
  // -d 0: stays in the foreground (its own child, stopped with it) and logs nothing but errors.
  const child = spawn(SLAPD, ['-f', config, '-h', `${url}/`, '-d', '0'], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)))
  let exited = false
  child.once('exit', () => (exited = true))
  const root = async <T>(work: (client: Client) => Promise<T>): Promise<T> => {
    const client = new Client({ url, timeout: 5000, connectTimeout: 5000 })
    try {
      await client.bind(`cn=root,${LDAP_SUFFIX}`, rootPassword)
      return await work(client)
    } finally {
      await client.unbind().catch(() => undefined)
    }
  }
  try {
    await waitFor(
      'slapd to answer',
      async () => {
        if (exited) throw new TempServerError(`slapd exited at start: ${stderr.trim().split('\n').slice(-3).join(' ')}`)
        return root(async () => true).catch(() => false)
      },
      30_000,
    )
  } catch (error) {
    child.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
    throw error instanceof TempServerError ? error : new TempServerError(`slapd did not start: ${(error as Error).message} ${stderr.slice(-500)}`)
  }
  return {
    url,
    pid: child.pid!,
    personDn: (uid) => `uid=${uid},${LDAP_PEOPLE}`,
    groupDn: (cn) => `cn=${cn},${LDAP_GROUPS}`,
    removeFromGroup: (cn, uid) =>
      root((client) =>
        client.modify(
          `cn=${cn},${LDAP_GROUPS}`,
          new Change({ operation: 'delete', modification: new Attribute({ type: 'member', values: [`uid=${uid},${LDAP_PEOPLE}`] }) }),
        ),
      ),
    deletePerson: (uid) => root((client) => client.del(`uid=${uid},${LDAP_PEOPLE}`)),
    addPerson: (p) =>
      root((client) => client.add(`uid=${p.uid},${LDAP_PEOPLE}`, { objectClass: 'inetOrgPerson', uid: p.uid, cn: p.uid, sn: p.uid, userPassword: p.password })),
    async stop() {
      if (!exited) {
        const gone = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
        await gone
        clearTimeout(timer)
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
