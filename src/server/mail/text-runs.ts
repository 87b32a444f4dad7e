/** A piece of one line of text, set in one font of a fallback chain and in one direction. */
export interface TextRun {
  text: string;
  /** The index in the chain of the first font with a glyph for each of its characters; -1 if none has. */
  font: number;
  /** Hebrew, Arabic…: laid out as one piece so its words read right to left, spaces kept between them. */
  rtl: boolean;
}

/** Whether font `font` of the chain has a glyph for the character. */
export type Covers = (font: number, char: string) => boolean;

const rightToLeft = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const strong = /[\p{L}\p{N}]/u;
const direction = (char: string): 'rtl' | 'ltr' | null =>
  rightToLeft.test(char) ? 'rtl' : strong.test(char) ? 'ltr' : null;
/** Spaces, punctuation and marks: they take no font or direction of their own. */
const isNeutral = (char: string): boolean => direction(char) === null || /\p{M}/u.test(char);
const needsGlyph = (char: string): boolean => /\P{Cc}/u.test(char);

/**
 * The text's pieces by font: the whole text in the first font of the chain that has all its glyphs
 * (a Chinese name with Latin letters stays in the CJK font, in one typeface); only where no font
 * has them all, each letter in the first font that has it, spaces and punctuation with the letters
 * before them.
 */
function fontRuns(chars: readonly string[], fonts: number, covers: Covers): TextRun[] {
  const firstCovering = (char: string): number => {
    for (let font = 0; font < fonts; font++) if (covers(font, char)) return font;
    return -1;
  };
  const glyphs = chars.filter(needsGlyph);
  for (let font = 0; font < fonts; font++) {
    // every() stops at the first miss, so a font further down the chain is asked only when needed.
    if (glyphs.every((char) => covers(font, char))) return [{ text: chars.join(''), font, rtl: false }];
  }
  const runs: TextRun[] = [];
  for (const char of chars) {
    const last = runs.at(-1);
    const keeps =
      last && (!needsGlyph(char) || (isNeutral(char) && last.font >= 0 && covers(last.font, char)));
    const font = keeps ? last.font : firstCovering(char);
    if (last && last.font === font) last.text += char;
    else runs.push({ text: char, font, rtl: false });
  }
  return runs;
}

/**
 * A run split where its direction changes, as a left-to-right line shows it (the ticket's lines are
 * English labels and left-aligned): a right-to-left stretch keeps the spaces between its words, and
 * the spaces and punctuation at its edges stay left to right, outside it.
 */
function directionRuns(run: TextRun): TextRun[] {
  const runs: TextRun[] = [];
  // Spaces and punctuation after a right-to-left stretch: inside it if more of it follows, else after it.
  let pending = '';
  for (const char of run.text) {
    const last = runs.at(-1);
    const dir = /\p{M}/u.test(char) ? 'mark' : direction(char);
    if (dir === 'mark' && !pending && last) last.text += char;
    else if (dir === 'mark' || dir === null) {
      if (last && !last.rtl) last.text += char;
      else pending += char;
    } else if (last && last.rtl === (dir === 'rtl')) {
      last.text += pending + char;
      pending = '';
    } else {
      if (dir === 'rtl' && pending) runs.push({ ...run, text: pending, rtl: false });
      runs.push({ ...run, text: dir === 'rtl' ? char : pending + char, rtl: dir === 'rtl' });
      pending = '';
    }
  }
  if (pending) runs.push({ ...run, text: pending, rtl: false });
  return runs;
}

/** Adjacent left-to-right pieces in the same font as one piece: pdfkit sets them as one. */
function mergeLeftToRight(runs: readonly TextRun[]): TextRun[] {
  const merged: TextRun[] = [];
  for (const run of runs) {
    const last = merged.at(-1);
    if (last && !last.rtl && !run.rtl && last.font === run.font) last.text += run.text;
    else merged.push({ ...run });
  }
  return merged;
}

/**
 * A line's text as the pieces it is set in: by font of the fallback chain (`fonts` fonts, tried in
 * order with `covers`), then by direction. Text that is all one font and left to right is one run.
 */
export function textRuns(text: string, fonts: number, covers: Covers): TextRun[] {
  return mergeLeftToRight(fontRuns([...text], fonts, covers).flatMap(directionRuns));
}
