import { useCallback, useEffect, useState } from 'react';
import { messageOf } from '../api/api-error.js';

export interface ServerList<T> {
  /** The last list read (null until the first read answers); it stays while a later read fails. */
  list: T | null;
  /** Why the latest read failed, in the client's words (null once one succeeds). */
  readError: string | null;
  /** Reads the list now and shows it; a failure is shown too, and thrown for the caller. */
  readNow(): Promise<T>;
  /** Reads the list now and shows it or why not; never throws (for polls and after sending). */
  reread(): Promise<void>;
}

/**
 * A list the server works out for a screen (who still needs mailing, say), or a record a dialog
 * must act on as it is now, read when the screen opens and whenever asked: the event page's two
 * offers to mail tickets again read theirs so, and Replace… its ticket's holder.
 * `read` must keep its identity between renders (useCallback): a new one reads again.
 */
export function useServerList<T>(read: () => Promise<T>): ServerList<T> {
  const [list, setList] = useState<T | null>(null);
  const [readError, setReadError] = useState<string | null>(null);

  const readNow = useCallback(async (): Promise<T> => {
    try {
      const fresh = await read();
      setList(fresh);
      setReadError(null);
      return fresh;
    } catch (err) {
      setReadError(messageOf(err));
      throw err;
    }
  }, [read]);
  const reread = useCallback(
    () =>
      readNow().then(
        () => undefined,
        () => undefined,
      ),
    [readNow],
  );

  useEffect(() => {
    let live = true;
    read().then(
      (fresh) => {
        if (!live) return;
        setList(fresh);
        setReadError(null);
      },
      (err: unknown) => live && setReadError(messageOf(err)),
    );
    return () => {
      live = false;
    };
  }, [read]);

  return { list, readError, readNow, reread };
}
