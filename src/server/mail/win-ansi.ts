/** The characters of Windows-1252 above ASCII that are not in Latin-1 (0x80–0x9F). */
const cp1252Extras = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

/** Whether PDF's built-in fonts have this character (one code point, composed). */
export const isWinAnsiChar = (char: string): boolean => {
  const code = char.codePointAt(0) ?? 0;
  return (
    code === 0x0a ||
    (code >= 0x20 && code <= 0x7e) ||
    (code >= 0xa0 && code <= 0xff) ||
    cp1252Extras.includes(char)
  );
};

/**
 * Whether PDF's built-in fonts can show this text as written: they cover Windows-1252 (English and
 * Western European names, composed). Anything else needs the embedded font (ticket-fonts.ts).
 */
export const isWinAnsi = (text: string): boolean => [...text.normalize('NFC')].every(isWinAnsiChar);
