import type { Role } from '../../src/shared/auth'
import type { BridgeResult } from '../../src/shared/bridge-protocol'
import { AdminHarness } from './admin-harness'
import { TEST_SCRYPT, signIn } from './auth-session'
import { BridgeClient } from './bridge-client'

export const ADMIN_PASSWORD = 'admin-password-0123'

/**
 * Headless mode in-process (AdminHarness: loopback, ManualClock, table checksums) with users:
 * the admin (password from the "file"), an operator and a viewer of group A (the embedded group,
 * jobs A and B and a run of A) — group B is the fixture's manual group with one job.
 */
export class AuthHarness {
  private readonly passwords = new Map<string, string>([['admin', ADMIN_PASSWORD]])

  private constructor(readonly h: AdminHarness) {}

  /** `options` add to the harness's own (e.g. `enableScripts`). */
  static async start(options: Parameters<typeof AdminHarness.start>[0] = {}): Promise<AuthHarness> {
    const h = await AdminHarness.start({ scrypt: TEST_SCRYPT, adminPassword: ADMIN_PASSWORD, ...options })
    const harness = new AuthHarness(h)
    const groupA = h.fixture.embeddedGroupId
    await harness.addUser('op-a', 'operator', [groupA])
    await harness.addUser('viewer-a', 'viewer', [groupA])
    return harness
  }

  get origin(): string {
    return `http://127.0.0.1:${this.h.port}`
  }

  /** Creates a user as the desktop admin would, with a first password they then replace. */
  async addUser(name: string, role: Role, groupIds: number[]): Promise<number> {
    const user = await this.h.headless.core.api.saveUser({ name, role, groupIds, password: `${name}-first-pass` })
    this.passwords.set(name, `${name}-first-pass`)
    return user.id
  }

  /** Signs in (replacing the first password when the user has one) and opens a bridge with the cookie. */
  async console(name: string): Promise<{ bridge: BridgeClient; cookie: string }> {
    const password = this.passwords.get(name) ?? ''
    const answer = await signIn(this.origin, name, password)
    if (!answer.cookie) throw new Error(`sign-in of ${name} failed: ${answer.status} ${JSON.stringify(answer.body)}`)
    const bridge = await BridgeClient.connectWithCookie(this.origin, answer.cookie)
    const who = await bridge.value<{ mustChangePassword: boolean }>('whoAmI')
    if (who.mustChangePassword) {
      await bridge.value('changePassword', [{ currentPassword: password, newPassword: `${name}-own-password` }])
      this.passwords.set(name, `${name}-own-password`)
    }
    return { bridge, cookie: answer.cookie }
  }

  async stop(): Promise<void> {
    await this.h.stop()
  }
}

/** The result of a call, ok or not (a closed socket fails the test). */
export async function resultOf(bridge: BridgeClient, method: string, args: unknown[] = []): Promise<BridgeResult> {
  const answer = await bridge.call(method, args)
  if (answer.kind !== 'result') throw new Error(`${method}: the bridge closed (${answer.code} ${answer.reason})`)
  return answer.result
}

export function errorCodeOf(result: BridgeResult): string | null {
  return result.ok ? null : (result.error?.code ?? null)
}
