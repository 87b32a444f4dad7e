/** The part of fontkit's API the ticket PDF uses (fontkit ships no types). */
declare module 'fontkit' {
  export interface Font {
    readonly postscriptName: string;
    hasGlyphForCodePoint(codePoint: number): boolean;
    /**
     * pdfkit tells a parsed font from a file name or bytes by this method. `features`: OpenType
     * tags to add, or a map turning the font's own on or off (which fontkit writes into, so
     * never pass one map twice).
     */
    layout(text: string, features?: readonly string[] | Readonly<Record<string, boolean>>): GlyphRun;
  }
  export interface GlyphRun {
    glyphs: { id: number; name: string; codePoints: number[] }[];
    positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }[];
  }
  /** Parses a .ttf or .otf file (one font; a .ttc collection would need a font's name). */
  export function create(buffer: Uint8Array): Font;
}

/**
 * pdfkit embeds a font fontkit has already parsed (PDFFontFactory.open takes any source with a
 * `layout` method) — @types/pdfkit lists only file names and bytes. Passing the parsed font lets a
 * process parse each font file once instead of once per document.
 */
declare namespace PDFKit.Mixins {
  interface PDFFont {
    registerFont(name: string, src: import('fontkit').Font): this;
  }
}
