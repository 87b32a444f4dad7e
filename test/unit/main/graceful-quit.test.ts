import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { quitGracefully, type QuittableApp } from '../../../src/main/graceful-quit.js';
import { waitUntil } from '../../support/eventually.js';

/** Stands in for Electron's `app`: `quit()` emits before-quit and quits only if nobody prevented it. */
class FakeApp extends EventEmitter implements QuittableApp {
  quitted = false;
  quit(): void {
    let prevented = false;
    this.emit('before-quit', { preventDefault: () => (prevented = true) });
    if (!prevented) this.quitted = true;
  }
}

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('quitGracefully', () => {
  it('holds the quit until the server has closed, then quits', async () => {
    const app = new FakeApp();
    let finishClose = (): void => {};
    let closes = 0;
    quitGracefully(app, () => {
      closes += 1;
      return new Promise((resolve) => (finishClose = resolve));
    });

    app.quit();
    app.quit(); // a second request while closing must not close twice
    await tick();
    expect(app.quitted).toBe(false);
    expect(closes).toBe(1);

    finishClose();
    await tick();
    expect(app.quitted).toBe(true);
  });

  it('still quits when closing fails, and reports the error', async () => {
    const app = new FakeApp();
    const errors: unknown[] = [];
    quitGracefully(app, () => Promise.reject(new Error('disk gone')), { onError: (e) => errors.push(e) });
    app.quit();
    await tick();
    expect(app.quitted).toBe(true);
    expect(String(errors[0])).toContain('disk gone');
  });

  it('gives up waiting after the timeout', async () => {
    const app = new FakeApp();
    const errors: unknown[] = [];
    quitGracefully(app, () => new Promise(() => {}), { timeoutMs: 20, onError: (e) => errors.push(e) });
    app.quit();
    await waitUntil(() => app.quitted, 5_000, 'the app quit after its 20 ms bound');
    expect(String(errors[0])).toMatch(/did not close within 20 ms/);
  });
});
