import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES, checkAppAuth, checkExecutorAuth, checkTokenAuth, secretsEqual } from './auth'

const ours = { accessToken: 'default_token', appName: 'xxl-job-executor-sample' }
const token = (value: string) => ({ 'xxl-job-access-token': value })
const both = (t: string, app: string) => ({ 'xxl-job-access-token': t, 'xxl-job-appname': app })

describe('secretsEqual', () => {
  it('compares by value whatever the lengths', () => {
    expect(secretsEqual('default_token', 'default_token')).toBe(true)
    expect(secretsEqual('default_token', 'default_toke')).toBe(false)
    expect(secretsEqual('', 'x')).toBe(false)
    expect(secretsEqual('é', 'é')).toBe(true)
  })
})

describe('G1/G2 token rule', () => {
  it('checks the header only when a token is configured', () => {
    expect(checkTokenAuth({}, '')).toBeNull()
    expect(checkTokenAuth(token('default_token'), 'default_token')).toBeNull()
    expect(checkTokenAuth(token('nope'), 'default_token')).toBe(AUTH_MESSAGES.tokenWrong)
    expect(checkTokenAuth({}, 'default_token')).toBe('The access token is wrong.')
  })
})

describe('G3 token + appname rule', () => {
  it('answers blank and mismatch with the captured texts', () => {
    expect(checkAppAuth(both('default_token', 'xxl-job-executor-sample'), ours)).toBeNull()
    expect(checkAppAuth(token('default_token'), ours)).toBe('invalid request, accessToken or appname is empty.')
    expect(checkAppAuth({ 'xxl-job-appname': 'xxl-job-executor-sample' }, ours)).toBe(AUTH_MESSAGES.appAuthEmpty)
    expect(checkAppAuth(both('nope', 'xxl-job-executor-sample'), ours)).toBe('invalid request, accessToken or appname invalid.')
    expect(checkAppAuth(both('default_token', 'other-app'), ours)).toBe(AUTH_MESSAGES.appAuthInvalid)
  })
})

describe('checkExecutorAuth', () => {
  it('applies the configured generation’s rule', () => {
    expect(checkExecutorAuth(token('default_token'), ours, 'g1')).toBeNull()
    expect(checkExecutorAuth(both('default_token', 'other-app'), ours, 'g2')).toBeNull()
    expect(checkExecutorAuth(token('default_token'), ours, 'g3')).toBe(AUTH_MESSAGES.appAuthEmpty)
  })

  it('in auto mode accepts either header set but still checks a sent app name', () => {
    expect(checkExecutorAuth(token('default_token'), ours, 'auto')).toBeNull()
    expect(checkExecutorAuth(both('default_token', 'xxl-job-executor-sample'), ours, 'auto')).toBeNull()
    expect(checkExecutorAuth(token('nope'), ours, 'auto')).toBe(AUTH_MESSAGES.tokenWrong)
    expect(checkExecutorAuth(both('default_token', 'other-app'), ours, 'auto')).toBe(AUTH_MESSAGES.appAuthInvalid)
  })
})
