/** The slice of Electron's `app` this needs, so it can be tested without Electron. */
export interface QuittableApp {
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  quit(): void;
}

export interface GracefulQuitOptions {
  /** A stuck close must not keep a till from quitting forever. */
  timeoutMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * Holds the first quit until the server has closed (open requests finish, SQLite checkpoints and
 * closes), then quits for real. Further quit requests while closing are absorbed.
 */
export function quitGracefully(
  app: QuittableApp,
  close: () => Promise<void>,
  { timeoutMs = 10_000, onError = console.error }: GracefulQuitOptions = {},
): void {
  let closed = false;
  let closing: Promise<void> | undefined;
  app.on('before-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    closing ??= closeWithin(close, timeoutMs)
      .catch(onError)
      .finally(() => {
        closed = true;
        app.quit();
      });
  });
}

async function closeWithin(close: () => Promise<void>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`server did not close within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([close(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
