/** Messages of trigger URLs (src/main/hooks/), by code (see ./index.ts). */
export const enHookMessages = {
  'hook.notFound': 'trigger URL {id} does not exist',
  'hook.tooMany': '{kind} {id} has {max} trigger URLs already: remove one first',
  'hook.personOnly': "a trigger URL is made or removed by a user or a personal token, not by a group's own token ({method})",
  // Why a request to a trigger URL was refused: the audit trail's reasons (the caller hears only the status).
  'hook.unknown': 'no trigger URL has this id',
  'hook.unsigned': 'the request carries no signature JobDesk knows (X-JobDesk-Signature, X-Hub-Signature-256, X-Gitea-Signature or X-Gitlab-Token)',
  'hook.badSignature': "the signature does not match the request and the trigger URL's secret",
  'hook.stale': 'the timestamp is more than {minutes} minutes away from this server’s clock',
  'hook.replayed': 'this signature was used already: a request is accepted once',
  'hook.rateLimited': 'over the trigger URL’s budget of {max} requests per {seconds} s',
  'hook.badBody': 'the body is not a JSON object with an optional text "param": {detail}',
  'hook.bodyTooLarge': 'the body is larger than {max} bytes: refused unread',
  'hook.lockedOut': 'too many refused requests from this address: refused unread for {seconds} s',
  'hook.triggerFailed': 'the run could not be started: {detail}',
} as const
