import { expect, test } from './fixtures.js';
import { doorNight } from './support/door-night.js';
import { holdRequestsTo } from './support/hold-requests.js';
import { expectQuietSync, loseAnswersTo, phoneDoor, scansOfTicket } from './support/paired-door.js';

/**
 * Checking guests in by hand on a steward's phone whose Wi-Fi drops, and the conflicts a night
 * like that leaves: what the door says, and how a steward who has dealt with one puts it away.
 */

test('a check-in by hand whose answer the Wi-Fi lost: admitted offline, and back online the sync is quiet and counts the guest once', async ({
  server,
  browser,
}) => {
  const night = await doorNight(server, ['General admission']);
  const [dana] = await night.sell('General admission', 'Dana Deadphone');
  const { door, errors } = await phoneDoor(browser, server, await night.pairingCode());
  await expect(door.connection()).toHaveText('Online');

  // The check-in reaches the server, which lets Dana in; the answer never comes back. The door's
  // sync waits until its queue has been read (the next request that gets through would send it).
  const sync = await holdRequestsTo(door.page, '**/v2/scan/sync');
  await loseAnswersTo(door.page, '**/v2/tickets/*/check_in');
  await door.admitByName('dana', 'Dana Deadphone', 'Dead phone');
  await expect(door.verdict()).toHaveAttribute('data-result', 'admitted');
  await expect(door.verdict()).toContainText('Decided offline · queued for sync');
  await expect(door.queued()).toHaveText('1 queued');
  await door.page.unroute('**/v2/tickets/*/check_in');
  await sync.release();
  await door.verdict().click();

  // The door heard nothing, so it is offline until the server answers; then it syncs by itself,
  // and the queued copy is recognised as the check-in the server already has.
  await expectQuietSync(door);
  expect((await scansOfTicket(server, dana!.id)).map((s) => [s.result, s.source, s.credential])).toEqual([
    ['admitted', 'online', 'manual'],
  ]);
  expect(errors).toEqual([]);
});

test('conflicts marked Done stay done after a reload: the pill counts only what is still to check', async ({
  server,
  browser,
}) => {
  const night = await doorNight(server, ['General admission']);
  const [ivy] = await night.sell('General admission', 'Ivy Stone');
  const [max] = await night.sell('General admission', 'Max Twice');
  // No live feed: the door hears of the box office's doings at sync, as a door whose Wi-Fi was down.
  const { door, context, errors } = await phoneDoor(browser, server, await night.pairingCode(), async (c) => {
    await c.route('**/v2/scans/stream**', (route) => route.abort());
  });
  await expect(door.connection()).toHaveText('Online');

  await context.setOffline(true);
  await expect(door.connection()).toHaveText(/^Offline/);
  // While the door cannot hear: Ivy's ticket is refunded, Max is checked in at the box office.
  await server.api('POST', `/v2/tickets/${ivy!.id}/void`, { refund: false });
  await server.api('POST', `/v2/tickets/${max!.id}/check_in`, { reason: 'Came in by the box office' });
  await door.typeCode(ivy!.qr_token);
  await expect(door.verdict()).toContainText('Decided offline · queued for sync');
  await door.verdict().click();
  await door.admitByName('max', 'Max Twice', 'Guest list');
  await expect(door.verdict()).toContainText('Decided offline · queued for sync');
  await door.verdict().click();

  await context.setOffline(false);
  await expect(door.queued()).toHaveText('0 queued', { timeout: 20_000 });
  await expect(door.conflicts()).toHaveText('2 conflicts');

  await door.conflicts().click();
  const list = door.conflictList();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').filter({ hasText: 'Max Twice' })).toContainText(
    'Another door let this ticket in too',
  );
  // Ivy is found and sent to the box office: Done. A slip of the thumb can be undone.
  await list.getByRole('button', { name: 'Done with Ivy Stone' }).click();
  await expect(door.conflicts()).toHaveText('1 conflict');
  await list.getByRole('button', { name: 'Undo Done for Ivy Stone' }).click();
  await expect(door.conflicts()).toHaveText('2 conflicts');
  await list.getByRole('button', { name: 'Done with Ivy Stone' }).click();
  await expect(door.conflicts()).toHaveText('1 conflict');
  await list.getByRole('button', { name: 'Close' }).click();

  // A reload keeps it: only Max is still to check.
  await door.page.reload();
  await expect(door.conflicts()).toHaveText('1 conflict', { timeout: 20_000 });
  await door.conflicts().click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('Max Twice');
  await list.getByRole('button', { name: 'Done with Max Twice' }).click();
  await expect(door.page.getByRole('button', { name: 'No conflicts left to check' })).toBeVisible();
  await list.getByRole('button', { name: 'Close' }).click();
  await expect(door.page.getByRole('button', { name: /conflict/ })).toHaveCount(0);

  await door.page.reload();
  // The queued pill is drawn with the conflicts pill, from the same stored state.
  await expect(door.queued()).toHaveText('0 queued', { timeout: 20_000 });
  await expect(door.page.getByRole('button', { name: /conflict/ })).toHaveCount(0);
  expect(errors).toEqual([]);
});
