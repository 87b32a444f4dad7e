import type { Font } from 'fontkit';

/**
 * fontkit 2.0.4 throws (`Cannot read properties of null (reading 'xCoordinate')`) on a GPOS mark
 * attachment whose anchor is NULL, which the OpenType spec allows ("no anchor for this class").
 * Noto Sans Telugu, Gurmukhi and Malayalam have such anchors, hit by everyday names: "శ్రీనివాస్",
 * "ਹਰਪ੍ਰੀਤ ਸਿੰਘ", "പുസ്തകം": without this, fontkit cannot lay such a name out at all, and it
 * would print as boxes (`laysOut`). As HarfBuzz does (and fontkit's open fix, foliojs/fontkit#374),
 * a mark with no anchor is left where the font's metrics put it and the rest of the line is
 * positioned as usual.
 *
 * fontkit keeps its layout engine private (`_layoutEngine.engine.GPOSProcessor`); where a future
 * version moves it, this changes nothing and `laysOut` below still keeps the PDF coming.
 */
interface GposProcessor {
  applyAnchor(markRecord: { markAnchor: unknown }, baseAnchor: unknown, baseGlyphIndex: number): void;
}

const patched = new WeakSet<Font>();

export function skipNullAnchors(font: Font): Font {
  if (patched.has(font)) return font;
  patched.add(font);
  const engine = (font as unknown as { _layoutEngine?: { engine?: { GPOSProcessor?: GposProcessor } } })
    ._layoutEngine?.engine;
  const gpos = engine?.GPOSProcessor;
  if (gpos && typeof gpos.applyAnchor === 'function') {
    const apply = gpos.applyAnchor.bind(gpos);
    gpos.applyAnchor = (markRecord, baseAnchor, baseGlyphIndex) => {
      if (baseAnchor == null || markRecord.markAnchor == null) return;
      apply(markRecord, baseAnchor, baseGlyphIndex);
    };
  }
  return font;
}

/**
 * Whether fontkit lays `text` out in `font` at all. Where it cannot (a font it fails on in a way
 * `skipNullAnchors` does not catch), the ticket prints that piece as characters no font has, with
 * the name kept in the text: a name must never stop its order's tickets from being made.
 */
export function laysOut(font: Font, text: string): boolean {
  try {
    font.layout(text);
    return true;
  } catch {
    return false;
  }
}
