/** What the focus rule needs of a document: its focused element and its body. */
export interface FocusDocument {
  activeElement: unknown;
  body: unknown;
}

/**
 * Marks a screen heading that holds the keyboard only until the screen's own control appears (a
 * screen opened by its shortcut key: see shortcuts.ts). `data-…` name as set through `dataset`.
 */
export const standInKey = 'focusStandIn';

function isStandIn(element: unknown): boolean {
  const dataset = (element as { dataset?: Record<string, string | undefined> } | null)?.dataset;
  return dataset?.[standInKey] !== undefined;
}

/**
 * True when nothing useful has the keyboard: the control that had it was removed (a form that
 * submitted and went away, the sale-done panel after New sale), so the browser put focus back on
 * the page itself. A keyboard user's next Tab would then start again at the top of the page, and a
 * screen reader says nothing about what appeared. When something else has focus (a nav link just
 * clicked, a field being typed in), it is the person's, and stays there. A heading a shortcut key
 * put the keyboard on only stands in: the screen's first control takes over from it once shown.
 */
export function focusIsLost(doc: FocusDocument): boolean {
  return doc.activeElement === null || doc.activeElement === doc.body || isStandIn(doc.activeElement);
}
