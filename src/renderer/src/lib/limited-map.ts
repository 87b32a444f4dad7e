/**
 * Calls `work` for each item with at most `limit` calls running at once, and answers their results
 * in the items' order. Rejects with the first failure; no further calls start after it. Used where
 * one request per row would otherwise go out all together (Settings › Mail's failed order mails,
 * the monitor's count for each event): a browser queues them behind the till's own requests, and
 * the venue server answers them all at once.
 */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index] as T);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker);
  await Promise.all(workers);
  return results;
}
