import { expect, test } from './fixtures.js';
import { doorNight } from './support/door-night.js';
import { pairedDoor, phone, scansOfTicket } from './support/paired-door.js';

/**
 * Two stewards at two entrances with the venue Wi-Fi down; a screenshot of one ticket, shared with
 * a friend, gets in at both. Back online, both doors say so in words: the ticket, the guest and
 * tier, each door by name and when it let the ticket in, so a steward can go and look.
 */

/** A moment as the door page shows it (its browser's zone, 24-hour clock). */
const shown = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });

test('one ticket let in at two offline doors: after sync both doors name the ticket, the guest, both doors and times', async ({
  server,
  browser,
}) => {
  const night = await doorNight(server, ['General admission', 'VIP lounge']);
  const [ivy] = await night.sell('VIP lounge', 'Ivy Stone');
  const north = await pairedDoor(browser, server, await night.pairingCode(), {
    viewport: phone,
    name: 'North gate',
  });
  const side = await pairedDoor(browser, server, await night.pairingCode(), {
    viewport: phone,
    name: 'Side door',
  });

  for (const { door, context } of [north, side]) {
    await expect(door.connection()).toHaveText('Online');
    await context.setOffline(true);
    await expect(door.connection()).toHaveText(/^Offline/);
    await door.typeCode(ivy!.qr_token);
    await expect(door.verdict()).toHaveAttribute('data-result', 'admitted');
    await expect(door.verdict()).toContainText('Decided offline · queued for sync');
    await door.dismissVerdict();
  }

  // North gate syncs first: its entry is the one the server counts.
  await north.context.setOffline(false);
  await expect(north.door.queued()).toHaveText('0 queued', { timeout: 20_000 });
  await side.context.setOffline(false);
  await expect(side.door.queued()).toHaveText('0 queued', { timeout: 20_000 });

  const [counted, conflicting] = await scansOfTicket(server, ivy!.id);
  expect([counted?.result, conflicting?.conflict]).toEqual(['admitted', true]);
  const atNorth = shown(counted!.scanned_at);
  const atSide = shown(conflicting!.scanned_at);
  const ticket = `Ticket ${ivy!.id} (Ivy Stone, VIP lounge) was let in twice`;

  // Side door, whose entry lost: told by its sync.
  await expect(side.door.page.getByRole('alert')).toContainText(
    `${ticket}: at North gate at ${atNorth} (the entry counted) and at Side door at ${atSide} (this door).`,
  );
  // North gate, whose entry counted: told by the door feed, which it was told nothing by before.
  await expect(north.door.page.getByRole('alert')).toContainText(
    `${ticket}: at North gate at ${atNorth} (this door, the entry counted) and at Side door at ${atSide}. Side door let this ticket in too`,
    { timeout: 20_000 },
  );

  // Both keep it in their conflicts list, after a reload too.
  for (const { door } of [north, side]) {
    await door.page.reload();
    await expect(door.conflicts()).toHaveText('1 conflict', { timeout: 20_000 });
    await door.conflicts().click();
    const item = door.conflictList().getByRole('listitem');
    await expect(item).toContainText('Ivy Stone');
    await expect(item).toContainText('VIP lounge');
    await expect(item).toContainText(`Let in twice: at North gate at ${atNorth}`);
    await expect(item).toContainText(`and at Side door at ${atSide}`);
  }
});
