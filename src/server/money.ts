/** An amount for people (pages, refusal messages): `$160.00`, `€25.00`; the API itself speaks cents. */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', {
      style: 'currency',
      currency: currency.toUpperCase(),
    }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}
