/**
 * The fold the box office searches names with, on the server (store/search-fold.ts registers it
 * in SQL; the door's online lookup) and at the door offline (scanner/offline-validator.ts), so a
 * name typed as heard finds the same guests with or without Wi-Fi. Browser-safe, imports nothing.
 */

/** Anything but printable ASCII takes the slow path (a control character only costs time). */
const nonAscii = /[^ -~]/;
const marks = /\p{M}/gu;
/** Letters that carry no separable accent but that people type without one all the same. */
const plainLetters: Record<string, string> = { ß: 'ss', ø: 'o', ł: 'l', đ: 'd', æ: 'ae', œ: 'oe', ı: 'i' };
const unplain = /[ßøłđæœı]/g;
/**
 * Apostrophes as phones and Macs type them (’ ‘ ʼ, and ´ or ＇ from some keyboards): "O’Brien"
 * typed by the buyer online is found by the seller's "O'Brien", and the other way round.
 */
const apostrophes = /[\u2018\u2019\u02bc\u00b4\uff07]/g;

/**
 * A name as the box office searches it: accents dropped and letters lower-cased in every script,
 * so "Fernandez" and "FERNÁNDEZ" find Fernández and "Weiss" finds Weiß. A buyer types their own
 * name with its accents online; the seller at will-call types it as heard. ASCII text is answered
 * as it is: SQLite's LIKE already ignores ASCII case, and most names are ASCII. A curly
 * apostrophe reads as the straight one.
 */
export function foldForSearch(text: string): string {
  if (!nonAscii.test(text)) return text;
  return text
    .normalize('NFD')
    .replace(marks, '')
    .toLowerCase()
    .replace(unplain, (c) => plainLetters[c] ?? c)
    .replace(apostrophes, "'");
}

/**
 * foldForSearch and lower case for ASCII too: the key a name is compared by with includes(),
 * where no LIKE ignores ASCII case (the door's guest list, online and offline).
 */
export function foldForMatch(text: string): string {
  return foldForSearch(text).toLowerCase();
}
