/**
 * ISO 4217 currency codes in use (list one), each with the digits of its minor unit: the unit
 * every `*_cents` amount of the API is counted in (CONTRACT.md "Money (amended)").
 *
 * Left out: codes ISO marks as having no minor unit (precious metals XAU, XAG, XPD, XPT; bond
 * units XBA–XBD; XDR, XSU, XUA; the testing and "no currency" codes XTS, XXX), which no ticket is
 * priced in, and codes withdrawn from the list (HRK, ZWL, ANG since XCG, SLL since SLE, …).
 *
 * The digits are ISO's, not CLDR's (what `Intl.NumberFormat` shows by default). CLDR shows no
 * decimals for AFN, ALL, COP, HUF, IDR, IQD, IRR, KPW, LAK, LBP, MGA, MMK, PKR, SOS, SYP and YER,
 * whose minor units are rarely used in cash; the API counts them in ISO minor units all the
 * same, so money is shown with ISO's digits and never rounded away (docs/api.md "Money").
 */
const codesByDigits: Readonly<Record<0 | 2 | 3 | 4, string>> = {
  0: 'bif clp djf gnf isk jpy kmf krw pyg rwf ugx uyi vnd vuv xaf xof xpf',
  2:
    'aed afn all amd aoa ars aud awg azn bam bbd bdt bgn bmd bnd bob bov brl bsd btn bwp byn bzd ' +
    'cad cdf che chf chw cny cop cou crc cuc cup cve czk dkk dop dzd egp ern etb eur fjd fkp ' +
    'gbp gel ghs gip gmd gtq gyd hkd hnl htg huf idr ils inr irr jmd kes kgs khr kpw kyd kzt ' +
    'lak lbp lkr lrd lsl mad mdl mga mkd mmk mnt mop mru mur mvr mwk mxn mxv myr mzn nad ngn ' +
    'nio nok npr nzd pab pen pgk php pkr pln qar ron rsd rub sar sbd scr sdg sek sgd shp sle ' +
    'sos srd ssp stn svc syp szl thb tjs tmt top try ttd twd tzs uah usd usn uyu uzs ved ves ' +
    'wst xcd xcg yer zar zmw zwg',
  3: 'bhd iqd jod kwd lyd omr tnd',
  4: 'clf uyw',
};

const digitsByCode = new Map<string, number>(
  Object.entries(codesByDigits).flatMap(([digits, codes]) =>
    codes.split(' ').map((code) => [code, Number(digits)] as const),
  ),
);

/** Every accepted code, lowercase, in alphabetical order. */
export const currencyCodes: readonly string[] = [...digitsByCode.keys()].sort();

/** Whether this is a lowercase ISO 4217 code the API accepts as a `currency`. */
export function isCurrencyCode(code: string): boolean {
  return digitsByCode.has(code);
}

/**
 * Digits of the currency's minor unit (2 for usd, 0 for jpy, 3 for kwd). A code that is not
 * one, which only a store written before codes were checked can hold, is read as 2 digits, as
 * every amount was read then.
 */
export function minorUnitDigits(currency: string): number {
  return digitsByCode.get(currency.toLowerCase()) ?? 2;
}

/**
 * Why `value` is not an accepted currency, in words for the person who typed it, or null when
 * it is one.
 */
export function currencyProblem(value: string): string | null {
  if (isCurrencyCode(value)) return null;
  if (isCurrencyCode(value.toLowerCase()))
    return `Currency codes are written in lowercase: '${value.toLowerCase()}', not '${value}'.`;
  return `'${value}' is not an ISO 4217 currency code; use one such as usd, eur, gbp or jpy.`;
}
