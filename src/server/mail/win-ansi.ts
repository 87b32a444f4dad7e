/** The characters of Windows-1252 above ASCII that are not in Latin-1 (0x80–0x9F). */
const cp1252Extras = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

/** Latin letters that carry no combining mark to strip, so NFD leaves them as they are. */
const plainLetters: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
  ŀ: 'l',
  Ŀ: 'L',
};

const encodable = (char: string): boolean => {
  const code = char.codePointAt(0) ?? 0;
  return (
    code === 0x0a ||
    (code >= 0x20 && code <= 0x7e) ||
    (code >= 0xa0 && code <= 0xff) ||
    cp1252Extras.includes(char)
  );
};

/**
 * Text the PDF's built-in fonts can show. They cover Windows-1252 (Western European names as
 * written); other Latin letters lose their accent ("Dvořák" → "Dvorák", "Łukasz" → "Lukasz"),
 * and anything else (another script) becomes "?". The mail's own text keeps every name as
 * written. Built-in fonts keep a PDF small and quick to make; full Unicode needs a bundled font.
 */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (encodable(char)) {
      out += char;
      continue;
    }
    const base = plainLetters[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '');
    out += [...base].every(encodable) && base !== '' ? base : '?';
  }
  return out;
}
