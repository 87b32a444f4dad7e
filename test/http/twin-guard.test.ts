import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { requireVethNamespace, runInNetns, vethPairSetup as netnsSetup } from '../support/netns-scenario.js';
import { tempDataDir } from '../support/test-app.js';

/**
 * docs/api.md "Backing up and starting the spare": the old laptop's Marquee started again while
 * the spare runs must not send its queued webhooks and mail a second time. Real servers, real
 * mDNS, a real webhook receiver and SMTP server, all inside a private network namespace
 * (10.99.0.x exists nowhere else; nothing multicasts outside it).
 */
const script = fileURLToPath(new URL('../support/twin-netns-script.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) {
    rmSync(dir, { recursive: true, force: true });
    rmSync(`${dir}-backups`, { recursive: true, force: true });
  }
});

interface Health {
  status: string;
  outbound?: { status: string; other_server: string; message: string };
}

describe('a second server with the same venue data on the LAN', () => {
  it('holds its webhooks and mail while the spare runs; a fresh install next to them sends', async () => {
    requireVethNamespace();
    const venueDir = tempDataDir('marquee-twin-venue-');
    const freshDir = tempDataDir('marquee-twin-fresh-');
    const workDir = tempDataDir('marquee-twin-work-');
    dirs.push(venueDir, freshDir, workDir);
    const run = await runInNetns(
      `${netnsSetup} && exec "${tsx}" "${script}" "${venueDir}" "${freshDir}" "${workDir}"`,
      90_000,
    );
    const spare = run.steps.get('spare') as { webhookIds: string[]; mailTo: string[] } | undefined;
    const after = run.steps.get('after') as
      | {
          webhookIds: string[];
          mailTo: string[];
          oldLaptopHealth: Health;
          freshHealth: Health;
          spareUrl: string;
        }
      | undefined;
    expect(run.code, run.output).toBe(0);
    expect(spare, run.output).toBeDefined();
    expect(after, run.output).toBeDefined();

    // The spare sent the venue's queued webhook and mail once.
    expect(spare!.webhookIds).toHaveLength(1);
    expect(spare!.mailTo).toEqual(['venue-buyer@example.com']);
    // The fresh install (its own store) is not held: its webhook and mail went out.
    expect(after!.freshHealth).toEqual({ status: 'ok' });
    expect(after!.mailTo.sort()).toEqual(['fresh-buyer@example.com', 'venue-buyer@example.com']);
    // The old laptop sent nothing: each webhook-id arrived once, the venue buyer got one mail.
    expect(after!.webhookIds).toHaveLength(2);
    expect(new Set(after!.webhookIds).size).toBe(2);
    // And it says why, naming where the spare runs.
    const spareHost = new URL(after!.spareUrl).host;
    expect(after!.oldLaptopHealth).toEqual({
      status: 'degraded',
      outbound: {
        status: 'held',
        other_server: spareHost,
        message: `Another Marquee with this venue's data is running at ${spareHost}. This one will not send webhooks or mail.`,
      },
    });
  }, 120_000);
});
