import type { MailSenderOverrides } from '../../src/server/mail/mail-sender.js';
import { jsonOverHttp } from './http-client.js';
import type { SmtpCatcher } from './smtp-catcher.js';
import { makeTestApp, restartTestApp, type TestApp } from './test-app.js';

/** Real ms: the sender sleeps on real timers, so a test's mail goes in a blink and a retry soon after. */
export const quickMailSender: MailSenderOverrides = {
  pollMs: 50,
  stopGraceMs: 2_000,
  policy: { backoffMs: [40, 80], maxAttempts: 3, unreachableRetryMs: 50 },
};

/**
 * The real app on a real SQLite file, listening on loopback, mailing a real SMTP catcher; given
 * `restartOf`, the same store started again (a restart of the venue server).
 */
export async function mailingVenue(
  smtp: SmtpCatcher,
  restartOf?: TestApp,
): Promise<{ t: TestApp; url: string }> {
  const options = { workers: true, smtpUrl: smtp.url, mailSender: quickMailSender, now: Date.now };
  const t = restartOf ? await restartTestApp(restartOf, options) : await makeTestApp(options);
  const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  return { t, url };
}

export type AdminApi = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** Calls the API over real HTTP with the admin key; an answer other than 2xx throws with its body. */
export function adminApi(url: string): AdminApi {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await jsonOverHttp<T>(url, path, method, body);
    if (answer.status < 200 || answer.status > 299) {
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return answer.body;
  };
}
