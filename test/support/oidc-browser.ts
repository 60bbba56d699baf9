/**
 * A browser in a few lines for the OIDC tests: follows redirects by hand, keeps cookies per host,
 * and fills in the test provider's login and consent forms (temp-oidc-provider.ts). The tests can
 * stop at the provider's answer (`toCallback`) to look at, or tamper with, what goes back.
 */
export class OidcBrowser {
  private readonly jar = new Map<string, Map<string, string>>()

  /** Starts at JobDesk's `/auth/oidc/start` and signs `login` in at the provider: the URL it sends the browser back to. */
  async toCallback(startUrl: string, login: string): Promise<string> {
    let url = startUrl
    let response = await this.get(url)
    for (let step = 0; step < 20; step++) {
      const location = response.headers.get('location')
      if (location) {
        url = new URL(location, url).href
        if (url.includes('/auth/oidc/callback')) return url
        response = await this.get(url)
        continue
      }
      const html = await response.text()
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1]
      if (!action || !prompt) throw new Error(`the provider answered ${response.status} without a form: ${html.slice(0, 300)}`)
      const body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'not-checked' } : { prompt })
      url = new URL(action.replace(/&amp;/g, '&'), url).href
      response = await this.request(url, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    }
    throw new Error('the provider never sent the browser back')
  }

  /** Opens `url` (the callback): where JobDesk sends the browser next, and the session cookie if one was set. */
  async open(url: string): Promise<{ location: string; session: string | null }> {
    const response = await this.get(url)
    const session = this.cookiesFor(url).get('jobdesk_session') ?? null
    return { location: response.headers.get('location') ?? '', session: session === null ? null : `jobdesk_session=${session}` }
  }

  forget(name: string): void {
    for (const cookies of this.jar.values()) cookies.delete(name)
  }

  private get(url: string): Promise<Response> {
    return this.request(url, { method: 'GET' })
  }

  private async request(url: string, init: RequestInit): Promise<Response> {
    const cookie = [...this.cookiesFor(url)].map(([k, v]) => `${k}=${v}`).join('; ')
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) } })
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';')
      const [name, ...rest] = pair.trim().split('=')
      const cookies = this.cookiesFor(url)
      if (attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || /expires=thu, 01 jan 1970/i.test(line)) cookies.delete(name)
      else cookies.set(name, rest.join('='))
    }
    return response
  }

  private cookiesFor(url: string): Map<string, string> {
    const host = new URL(url).host
    let cookies = this.jar.get(host)
    if (!cookies) this.jar.set(host, (cookies = new Map()))
    return cookies
  }
}
