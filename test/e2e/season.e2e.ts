import { expect, test } from './fixtures.js';

interface Created {
  id: string;
}

const day = 86_400_000;

test('a year on: the till and pickers put tonight first, past and cancelled a view away, takings by month', async ({
  boxOffice,
  server,
}) => {
  const { page } = boxOffice;
  // Made in this order, as a venue does: last year's shows exist before tonight's.
  const made: Record<string, string> = {};
  const plan: [string, number, 'publish' | 'draft' | 'cancel'][] = [
    ['Last Winter', -300, 'publish'],
    ['Last Month', -30, 'publish'],
    ['Next Month', 30, 'publish'],
    ['Tonight', 0.1, 'publish'],
    ['Pencilled In', 60, 'draft'],
    ['Rained Off', 10, 'cancel'],
  ];
  for (const [title, days, fate] of plan) {
    const event = await server.api<Created>('POST', '/v2/events', {
      title,
      venue: 'Hall',
      doors_at: new Date(Date.now() + days * day).toISOString(),
      on_sale_at: new Date(Date.now() - 400 * day).toISOString(),
      tickets: [{ name: 'GA', price_cents: 1500, quantity: 100 }],
    });
    made[title] = event.id;
    if (fate !== 'draft') await server.api('POST', `/v2/events/${event.id}/publish`);
    if (fate === 'cancel')
      await server.api('POST', `/v2/events/${event.id}/cancel`, { notify_holders: false });
  }

  await boxOffice.go('Sell');
  const picks = page.getByRole('list', { name: 'Events on sale' }).locator('strong');
  await expect(picks).toHaveText(['Tonight', 'Next Month']);
  // Shows that are over are apart, the latest first (ended-events.e2e.ts sells for one).
  await expect(page.getByRole('list', { name: 'Ended' }).locator('strong')).toHaveText([
    'Last Month',
    'Last Winter',
  ]);

  // A till opened on a past show by its address asks before it sells, naming the day.
  await page.goto(`${server.url}/sell/${made['Last Month']}`);
  await expect(page.getByRole('alertdialog', { name: 'This show is over' })).toContainText(
    /This show was on /,
  );

  await boxOffice.go('Events & tiers');
  const titles = page.locator('table tbody tr td:first-child strong');
  await expect(titles).toHaveText(['Tonight', 'Next Month', 'Pencilled In']);
  const views = page.getByRole('group', { name: 'Which events' });
  await views.getByRole('button', { name: 'Past' }).click();
  await expect(titles).toHaveText(['Last Month', 'Last Winter']);
  await views.getByRole('button', { name: 'Cancelled' }).click();
  await expect(titles).toHaveText(['Rained Off']);
  await views.getByRole('button', { name: 'Drafts' }).click();
  await expect(titles).toHaveText(['Pencilled In']);

  // A past show's page says it is over, offers no Sell, and cancelling it mails nobody unless asked.
  await views.getByRole('button', { name: 'Past' }).click();
  await page.getByRole('link', { name: 'Last Month' }).click();
  await expect(page.getByText('This show is over.')).toBeVisible();
  await expect(page.locator('tr[data-tier="GA"]').getByTestId('tier-state')).toHaveText('Show over');
  await expect(page.locator('.head-actions').getByRole('link', { name: 'Sell' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel event…' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel Last Month?' });
  await expect(cancel.getByTestId('notify-holders').getByRole('checkbox')).not.toBeChecked();
  await cancel.getByRole('button', { name: 'Keep event' }).click();
  // Back on Events, the view picked before opening the show is still the one shown.
  await boxOffice.go('Events & tiers');
  await expect(views.getByRole('button', { name: 'Past' })).toHaveAttribute('aria-pressed', 'true');
  await expect(titles).toHaveText(['Last Month', 'Last Winter']);

  // Reports opens on tonight's show, not the first one ever published.
  await boxOffice.go('Reports');
  await expect(page).toHaveURL(new RegExp(`/reports/${made['Tonight']}$`));
  const picker = page.getByRole('combobox', { name: 'Event' });
  await expect(picker.locator('optgroup')).toHaveCount(2);
  await expect(picker.locator('optgroup[label="Upcoming"] option').first()).toHaveText('Tonight');
  await expect(picker.locator('optgroup[label="Past"] option')).toHaveText(['Last Month', 'Last Winter']);
  // The accountant reconciling it with Takings is told why a later refund moves one and not the other.
  await expect(
    page.getByText(
      "The event's whole life so far: a refund made after the night is in these refunds, and Takings by month counts it when it was made.",
    ),
  ).toBeVisible();

  // The manager's takings: this year's sale by month and by event, a link away from Reports.
  const tiers = await server.api<{ data: Created[] }>('GET', `/v2/events/${made['Tonight']}/tiers`);
  await server.api('POST', '/v2/orders', {
    event_id: made['Tonight'],
    items: [{ tier_id: tiers.data[0]!.id, quantity: 2 }],
    buyer: { name: 'Regular', email: 'regular@example.test' },
    payment_method: 'cash',
  });
  await page.getByRole('link', { name: 'Takings by month' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Takings' })).toBeVisible();
  await expect(page.getByTestId('figure-Net (USD)')).toHaveText('$30.00');
  await expect(page.getByRole('table', { name: 'By event' })).toContainText('Tonight');
  await expect(page.getByRole('table', { name: 'By month' }).locator('tbody tr')).toHaveCount(1);
});
