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
 * Traditional Chinese of Big5 that SC lacks). The CJK fonts ship in their regular weight only:
 * their bold would add 13 MB to the desktop app, so CJK text set bold prints regular. No Myanmar:
 * fontkit 2.0.4 does not move its vowel sign ေ before the consonant, so a Burmese name would print
 * misspelt; it prints as boxes, with the name kept in the text, like any script no font has.
 */
const resolve = createRequire(import.meta.url).resolve;

/** A font file of a package that lets Node resolve its files. */
const packageFile = (path: string) => (): string => resolve(path);
/** @embedpdf's font packages export only their script (dist/index.cjs); the fonts sit beside it. */
const embedpdfFont = (pkg: string, file: string) => (): string =>
  join(dirname(resolve(pkg)), '..', 'fonts', file);

/**
 * The Noto fonts of @expo-google-fonts, one package per script, each shipped in the two weights a
 * ticket uses (electron-builder.yml), in the order the chain tries them: the package name's script,
 * and the file names' (`NotoSansTamil_700Bold.ttf`).
 */
export const notoScripts = [
  ['thai', 'Thai'],
  ['devanagari', 'Devanagari'],
  ['bengali', 'Bengali'],
  ['oriya', 'Oriya'],
  ['gurmukhi', 'Gurmukhi'],
  ['gujarati', 'Gujarati'],
  ['tamil', 'Tamil'],
  ['telugu', 'Telugu'],
  ['kannada', 'Kannada'],
  ['malayalam', 'Malayalam'],
  ['sinhala', 'Sinhala'],
  ['khmer', 'Khmer'],
  ['ethiopic', 'Ethiopic'],
] as const;

/** A Noto package's face, as a path inside the package: `400Regular/NotoSansThai_400Regular.ttf`. */
export const notoFace = (script: (typeof notoScripts)[number], face: FaceName): string => {
  const weight = face === 'bold' ? '700Bold' : '400Regular';
  return `${weight}/NotoSans${script[1]}_${weight}.ttf`;
};

const files: Record<string, () => string> = {
  dejavu: packageFile('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  dejavuBold: packageFile('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  cjkSc: embedpdfFont('@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'),
  cjkKr: embedpdfFont('@embedpdf/fonts-kr', 'NotoSansKR-Regular.otf'),
};
for (const script of notoScripts) {
  for (const face of ['regular', 'bold'] as const) {
    files[`${script[0]}-${face}`] = packageFile(
      `@expo-google-fonts/noto-sans-${script[0]}/${notoFace(script, face)}`,
    );
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
}

const fallback = (id: string, file: FontFile): FallbackFont => ({ id, font: () => font(file) });
const cjk = [fallback('cjk-sc', 'cjkSc'), fallback('cjk-kr', 'cjkKr')];
const noto = (face: FaceName): FallbackFont[] =>
  notoScripts.map(([script]) => fallback(face === 'bold' ? `${script}-bold` : script, `${script}-${face}`));

/** The fonts tried, in order, for text DejaVu Sans (or Helvetica) has no glyphs for. */
export const scriptFallbacks: Record<FaceName, readonly FallbackFont[]> = {
  regular: [...noto('regular'), ...cjk],
  bold: [...noto('bold'), ...cjk],
};
