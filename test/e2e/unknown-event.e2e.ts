import { expect, test } from './fixtures.js';

/**
 * An address naming an event that is not there (an old bookmark, a deleted draft): the event and
 * Sell screens say so, with the event's id and a way back, instead of loading for ever.
 */
test('an unknown event’s address says there is no such event and offers a way back', async ({
  boxOffice,
  server,
}) => {
  const page = boxOffice.page;
  for (const [path, back] of [
    ['/events/evt_gone', 'All events'],
    ['/sell/evt_gone', 'Pick another'],
  ] as const) {
    await test.step(path, async () => {
      await page.goto(`${server.url}${path}`);
      const state = page.locator('.state-empty');
      await expect(state).toHaveText(`No event evt_gone. ${back}.`);
      await expect(state.locator('code')).toHaveText('evt_gone');
      await state.getByRole('link', { name: back }).click();
      await expect(page).toHaveURL(new RegExp(`${path.slice(0, path.lastIndexOf('/'))}$`));
    });
  }
});
