import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { create, type Font } from 'fontkit';

/**
 * The ticket PDF's embedded fonts. The files are found through Node's resolution, as a
 * dependency's module would be: from node_modules in a checkout and inside app.asar in the desktop
 * app (electron-builder.yml ships just these faces of each package, and its licence).
 *
 * DejaVu Sans (dejavu-fonts-ttf, Bitstream Vera licence) sets Latin scripts with any accents
 * (Polish, Czech, Turkish, Vietnamese…), Greek, Cyrillic, Hebrew and Arabic. Where it has no
 * glyph, the script fallbacks (all Noto, SIL Open Font License) take over: Noto Sans Thai, the
 * scripts of South Asia (Devanagari, Bengali, Odia, Gurmukhi, Gujarati, Tamil, Telugu, Kannada,
 * Malayalam, Sinhala), Khmer and Ethiopic, each regular and bold; then Noto Sans CJK SC (Chinese,
 * Japanese kanji and kana: all of GB 2312 and JIS X 0208), then Noto Sans CJK KR (Hangul, and the
 * Traditional Chinese of Big5 that SC lacks), then Noto Emoji. The CJK fonts ship in their regular
 * weight only: their bold would add 13 MB to the desktop app, so CJK text set bold is drawn with
 * its outline stroked, heavier (`regularOnly`).
 * No Myanmar: fontkit 2.0.4 does not move its vowel sign ေ before the consonant, so a Burmese name
 * would print misspelt; it prints as boxes, with the name kept in the text, like any script no
 * font has.
 */
const resolve = createRequire(import.meta.url).resolve;

/** A font file of a package that lets Node resolve its files. */
const packageFile = (path: string) => (): string => resolve(path);
/** @embedpdf's font packages export only their script (dist/index.cjs); the fonts sit beside it. */
const embedpdfFont = (pkg: string, file: string) => (): string =>
  join(dirname(resolve(pkg)), '..', 'fonts', file);

/**
 * The Noto fonts of @expo-google-fonts, each shipped in the two weights a ticket uses
 * (electron-builder.yml): the package (`noto-sans-tamil`) and its files' stem (`NotoSansTamil`).
 * The scripts' are tried before the CJK fonts, in this order; emoji after them.
 */
const notoScripts = [
  ['noto-sans-thai', 'NotoSansThai'],
  ['noto-sans-devanagari', 'NotoSansDevanagari'],
  ['noto-sans-bengali', 'NotoSansBengali'],
  ['noto-sans-oriya', 'NotoSansOriya'],
  ['noto-sans-gurmukhi', 'NotoSansGurmukhi'],
  ['noto-sans-gujarati', 'NotoSansGujarati'],
  ['noto-sans-tamil', 'NotoSansTamil'],
  ['noto-sans-telugu', 'NotoSansTelugu'],
  ['noto-sans-kannada', 'NotoSansKannada'],
  ['noto-sans-malayalam', 'NotoSansMalayalam'],
  ['noto-sans-sinhala', 'NotoSansSinhala'],
  ['noto-sans-khmer', 'NotoSansKhmer'],
  ['noto-sans-ethiopic', 'NotoSansEthiopic'],
] as const;
/** Noto Emoji: monochrome outlines (a PDF has no use for colour bitmaps), skin tones and flags. */
const notoEmoji = ['noto-emoji', 'NotoEmoji'] as const;
export const notoPackages = [...notoScripts, notoEmoji] as const;
type NotoPackage = (typeof notoPackages)[number];

/** A Noto package's face, as a path inside the package: `400Regular/NotoSansThai_400Regular.ttf`. */
export const notoFace = ([, stem]: NotoPackage, face: FaceName): string => {
  const weight = face === 'bold' ? '700Bold' : '400Regular';
  return `${weight}/${stem}_${weight}.ttf`;
};

const files: Record<string, () => string> = {
  dejavu: packageFile('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  dejavuBold: packageFile('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  cjkSc: embedpdfFont('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'),
  cjkKr: embedpdfFont('@embedpdf/fonts-kr', 'NotoSansKR-Regular.otf'),
};
for (const noto of notoPackages) {
  for (const face of ['regular', 'bold'] as const) {
    files[`${noto[0]}-${face}`] = packageFile(`@expo-google-fonts/${noto[0]}/${notoFace(noto, face)}`);
  }
}

type FontFile = string;
export type FaceName = 'regular' | 'bold';
export type TicketFonts = Record<FaceName, Font>;

const parsed = new Map<FontFile, Font>();

/**
 * A font, read and parsed once per process, the first time a PDF needs it. Handing pdfkit the
 * file's bytes instead makes it parse them again for every document, and the glyph, kerning and
 * shaping tables with them: measured, a 4-ticket PDF took twice the CPU (~65 ms against ~33 ms).
 * A server that sends no mail, or only Western European mail, never reads any.
 */
function font(file: FontFile): Font {
  let loaded = parsed.get(file);
  if (!loaded) {
    loaded = create(readFileSync(files[file]!()));
    parsed.set(file, loaded);
  }
  return loaded;
}

/** DejaVu Sans, regular and bold: the face every text of a PDF beyond Windows-1252 starts from. */
let dejavu: TicketFonts | undefined;
export function ticketFonts(): TicketFonts {
  return (dejavu ??= { regular: font('dejavu'), bold: font('dejavuBold') });
}

/** One script fallback: the name a PDF registers it under, and the font, parsed on first use. */
export interface FallbackFont {
  id: string;
  font: () => Font;
  /** The characters it is used for, of those it has; by default all. */
  only?: RegExp;
  /** It has no bold (the CJK fonts): text set bold in it is drawn heavier (ticket-typeface.ts). */
  regularOnly?: boolean;
}

type FallbackUse = Pick<FallbackFont, 'only' | 'regularOnly'>;
const fallback = (id: string, file: FontFile, use: FallbackUse = {}): FallbackFont => ({
  id,
  font: () => font(file),
  ...use,
});
const cjk = [
  fallback('cjk-sc', 'cjkSc', { regularOnly: true }),
  fallback('cjk-kr', 'cjkKr', { regularOnly: true }),
];
const noto = ([name]: NotoPackage, face: FaceName, use?: FallbackUse): FallbackFont =>
  fallback(`${name}-${face}`, `${name}-${face}`, use);
/**
 * Noto Emoji for emoji and what joins them (skin tones, joiners, flags' letters), not for the
 * spaces around them: its space is an emoji's width, and left a wide gap after each.
 */
const emoji = (face: FaceName) =>
  noto(notoEmoji, face, { only: /[\p{Extended_Pictographic}\p{Emoji_Component}]/u });

/** The fonts tried, in order, for text DejaVu Sans (or Helvetica) has no glyphs for. */
export const scriptFallbacks: Record<FaceName, readonly FallbackFont[]> = {
  regular: [...notoScripts.map((p) => noto(p, 'regular')), ...cjk, emoji('regular')],
  bold: [...notoScripts.map((p) => noto(p, 'bold')), ...cjk, emoji('bold')],
};
