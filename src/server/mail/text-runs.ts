import bidiFactory, { type Bidi } from 'bidi-js';

/** A piece of one line of text, set in one font of a fallback chain and in one direction. */
export interface TextRun {
  text: string;
  /** The index in the chain of the first font with a glyph for each of its characters; -1 if none has. */
  font: number;
  /** Hebrew, Arabic…: to be shaped as one piece, which reads right to left, spaces kept between words. */
  rtl: boolean;
}

/** Whether font `font` of the chain has a glyph for the character. */
export type Covers = (font: number, char: string) => boolean;

const rightToLeft = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
/** Spaces, punctuation and marks: they take no font of their own. */
const isNeutral = (char: string): boolean => !/[\p{L}\p{N}]/u.test(char) || /\p{M}/u.test(char);
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

/** A piece of the text in one font at one bidi embedding level (odd: right to left). */
type Leveled = TextRun & { level: number };

/** Built on the first right-to-left text: a Western or Cyrillic PDF never needs it. */
let bidi: Bidi | undefined;

/** The font runs cut where the bidi embedding level changes. */
function leveled(levels: Uint8Array, runs: readonly TextRun[]): Leveled[] {
  const pieces: Leveled[] = [];
  let at = 0;
  for (const run of runs) {
    // Code units, as the levels are indexed (a surrogate pair's two halves share a level).
    for (const unit of run.text.split('')) {
      const level = levels[at++]!;
      const last = pieces.at(-1);
      if (last && last.level === level && last.font === run.font) last.text += unit;
      else pieces.push({ text: unit, font: run.font, rtl: false, level });
    }
  }
  return pieces;
}

/** Rule L2: from the highest level down to 1, reverse each stretch of pieces at that level or higher. */
function reordered(pieces: readonly Leveled[]): Leveled[] {
  let order = [...pieces];
  for (let level = Math.max(...pieces.map((piece) => piece.level)); level >= 1; level--) {
    const next: Leveled[] = [];
    let stretch: Leveled[] = [];
    for (const piece of [...order, undefined]) {
      if (piece && piece.level >= level) stretch.push(piece);
      else {
        next.push(...stretch.reverse());
        stretch = [];
        if (piece) next.push(piece);
      }
    }
    order = next;
  }
  return order;
}

/**
 * A piece in visual order as fontkit is to be handed it. fontkit lays out any text with Hebrew or
 * Arabic in it right to left (reversing it), and mirrors no brackets: so a right-to-left piece
 * goes whole (`rtl`) with its brackets mirrored here, a right-to-left piece with no Hebrew or
 * Arabic (a lone bracket) is reversed here, and a number in Arabic-Indic digits (a left-to-right
 * level) is handed over reversed, to come out in order.
 */
function forFontkit({ text, font, level }: Leveled): TextRun {
  const arabicOrHebrew = rightToLeft.test(text);
  const reversed = (chars: string[]): string => chars.reverse().join('');
  if (level % 2 === 0)
    return { text: arabicOrHebrew ? reversed([...text]) : text, font, rtl: arabicOrHebrew };
  const mirrored = [...text].map((char) => bidi!.getMirroredCharacter(char) ?? char);
  return arabicOrHebrew
    ? { text: mirrored.join(''), font, rtl: true }
    : { text: reversed(mirrored), font, rtl: false };
}

/**
 * The font runs as the line shows them, left to right, by Unicode's bidirectional algorithm
 * (bidi-js) in a left-to-right paragraph (the ticket's lines are English labels, left-aligned): in
 * "Sarah שרה כהן (2)" the Hebrew words, the bracket and the number read right to left after
 * "Sarah", and show as "Sarah (2) ןהכ הרש".
 */
function visualOrder(text: string, runs: readonly TextRun[]): TextRun[] {
  if (!rightToLeft.test(text)) return [...runs];
  bidi ??= bidiFactory();
  return reordered(leveled(bidi.getEmbeddingLevels(text, 'ltr').levels, runs)).map(forFontkit);
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
 * A line's text as the pieces it is set in, in the order they stand on the line, left to right: by
 * font of the fallback chain (`fonts` fonts, tried in order with `covers`), then by direction. Text
 * that is all one font and left to right is one run.
 */
export function textRuns(text: string, fonts: number, covers: Covers): TextRun[] {
  return mergeLeftToRight(visualOrder(text, fontRuns([...text], fonts, covers)));
}
