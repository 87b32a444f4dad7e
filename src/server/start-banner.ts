import type { FirstAdminKey } from './domain/first-admin-key.js';

/**
 * What a headless start prints before serving: the first admin key once (CONTRACT.md), unless
 * stdout is kept (redirected into a file, or systemd's journal: a secret must never reach a log;
 * the key is in its 0600 file, which the start names instead), then where the box office is and
 * which key signs in to it. A key that could not be saved is printed wherever stdout goes: it
 * would be lost otherwise.
 */
export function startBanner(options: {
  url: string;
  publicUrl: string | null;
  firstKey: FirstAdminKey | null;
  /** The saved key's file on a later start, when there is one. */
  savedKeyFile: string | null;
  /** stdout goes into a file or a journal (stdout-kept.ts), not to a person or a program. */
  outputKept: boolean;
}): string[] {
  const { firstKey, outputKept } = options;
  const lines: string[] = [];
  let key = options.savedKeyFile ? `the admin key in ${options.savedKeyFile}` : 'an admin key';
  if (firstKey?.generated && (!outputKept || firstKey.file === null)) {
    const saved = firstKey.file ? `; also saved to ${firstKey.file}` : '';
    lines.push(`First admin key (shown once${saved}):\n  ${firstKey.secret}`);
    key = 'the admin key above';
  } else if (firstKey?.generated && firstKey.file) {
    lines.push(
      `First admin key made and saved to ${firstKey.file} (readable by this user only); not printed, as this output is kept in a file or a journal`,
    );
    key = `the admin key in ${firstKey.file}`;
  }
  lines.push(`listening on ${options.url}`);
  lines.push(`box office: open ${options.url} in a browser and sign in with ${key}`);
  if (options.publicUrl) lines.push(`attendee pages (public listener) on ${options.publicUrl}`);
  return lines;
}
