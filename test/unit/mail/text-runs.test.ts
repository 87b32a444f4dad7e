import { describe, expect, it } from 'vitest';
import { textRuns, type Covers } from '../../../src/server/mail/text-runs.js';

/** A chain of three stand-in fonts: 0 has ASCII, 1 has ASCII and Hebrew, 2 has ASCII and Han. */
const ranges = [/[\x20-\x7e]/u, /[\x20-\x7e\p{Script=Hebrew}]/u, /[\x20-\x7e\p{Script=Han}]/u];
const covers: Covers = (font, char) => ranges[font]!.test(char);
const runs = (text: string) => textRuns(text, ranges.length, covers);

describe('textRuns: a line cut into pieces by font and direction', () => {
  it('keeps text the first font has whole, left to right', () => {
    expect(runs('Anna Smith')).toEqual([{ text: 'Anna Smith', font: 0, rtl: false }]);
  });

  it('sets text in the first font that has all of it, Latin letters included', () => {
    expect(runs('李小龙 Bruce Lee')).toEqual([{ text: '李小龙 Bruce Lee', font: 2, rtl: false }]);
  });

  it('splits only where no one font has every letter, spaces staying with the letters before them', () => {
    expect(runs('שרה 王芳')).toEqual([
      { text: 'שרה', font: 1, rtl: true },
      { text: ' ', font: 1, rtl: false },
      { text: '王芳', font: 2, rtl: false },
    ]);
  });

  it('keeps the spaces between right-to-left words inside the piece, those at its edges outside', () => {
    expect(runs('Sarah שרה כהן')).toEqual([
      { text: 'Sarah ', font: 1, rtl: false },
      { text: 'שרה כהן', font: 1, rtl: true },
    ]);
    expect(runs('(שרה)')).toEqual([
      { text: '(', font: 1, rtl: false },
      { text: 'שרה', font: 1, rtl: true },
      { text: ')', font: 1, rtl: false },
    ]);
  });

  it('orders brackets and numbers after right-to-left words by the bidi algorithm', () => {
    // Shows "Sarah (2) ןהכ הרש": the brackets mirrored, as fontkit does not.
    expect(runs('Sarah שרה כהן (2)')).toEqual([
      { text: 'Sarah (2', font: 1, rtl: false },
      { text: 'שרה כהן )', font: 1, rtl: true },
    ]);

    expect(runs('שרה 2026')).toEqual([
      { text: '2026', font: 1, rtl: false },
      { text: 'שרה ', font: 1, rtl: true },
    ]);
    expect(runs('Show שרה 19:00 כהן')).toEqual([
      { text: 'Show ', font: 1, rtl: false },
      { text: ' כהן', font: 1, rtl: true },
      { text: '19:00', font: 1, rtl: false },
      { text: 'שרה ', font: 1, rtl: true },
    ]);
    expect(runs('Room 2 שרה')).toEqual([
      { text: 'Room 2 ', font: 1, rtl: false },
      { text: 'שרה', font: 1, rtl: true },
    ]);
  });

  it('hands fontkit a number in Arabic-Indic digits reversed, as it reverses anything Arabic', () => {
    const arabic = [/[\x20-\x7e\p{Script=Arabic}]/u];
    expect(textRuns('علي ١٢', 1, (font, char) => arabic[font]!.test(char))).toEqual([
      { text: '٢١', font: 0, rtl: true },
      { text: 'علي ', font: 0, rtl: true },
    ]);
  });

  it('marks a character no font has with font -1', () => {
    expect(runs('Ab\u{13080}')).toEqual([
      { text: 'Ab', font: 0, rtl: false },
      { text: '\u{13080}', font: -1, rtl: false },
    ]);
  });

  it('asks a font further down the chain only when the ones before it lack a glyph', () => {
    const asked = new Set<number>();
    textRuns('Anna Smith', ranges.length, (font, char) => (asked.add(font), covers(font, char)));
    expect([...asked]).toEqual([0]);
  });
});
