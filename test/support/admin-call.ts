import { request } from 'undici'

/**
 * One call of a JobDesk server's admin HTTP API (the OpenAPI, or the executor API with the executor
 * token): its payload, or an error naming the method and the server's message.
 */
export async function callAdmin<T>(origin: string, method: string, body: unknown, token: string): Promise<T> {
  const response = await request(`${origin}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'xxl-job-access-token': token },
    body: JSON.stringify(body),
  })
  const answer = JSON.parse(await response.body.text()) as { code: number; msg: string | null; data?: T; content?: T }
  if (answer.code !== 200) throw new Error(`${method} on ${origin}: ${answer.msg}`)
  return (answer.data ?? answer.content) as T
}
