import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';

/**
 * Browser zoom as Chromium lays it out: a 1280 × 800 window at 200 % is a 640 × 400 CSS-pixel
 * viewport drawn with two device pixels to each, at 400 % a 320 × 200 one (WCAG 1.4.10 Reflow).
 * A page's layout sees only the CSS pixels, so the viewport is what the test sets.
 */
export const zoomedWindows = [
  { zoom: '200 %', width: 640, height: 400, textSpacing: false },
  { zoom: '400 %', width: 320, height: 200, textSpacing: false },
  // WCAG 1.4.12: a reader's own style sheet spacing the text out must lose nothing either.
  { zoom: '200 % with wide text spacing', width: 640, height: 400, textSpacing: true },
] as const;

/** WCAG 1.4.12's text spacing, as a reader's style sheet (or the W3C bookmarklet) forces it. */
const textSpacingCss = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }`;

/** Every page the context opens gets the wide text spacing, after its own styles: it wins, as a reader's sheet does. */
export const spaceTextOut = async (context: BrowserContext): Promise<void> => {
  await context.addInitScript(`document.addEventListener('DOMContentLoaded', () => {
    const style = document.createElement('style');
    style.textContent = ${JSON.stringify(textSpacingCss)};
    document.head.append(style);
  })`);
};

/**
 * How much of the window a header kept on top as the page scrolls (sticky) takes, 0 to 1; 0 when
 * it scrolls away with the page. At 200 % a wrapped header kept on top hid a third of a short
 * window and whatever the keyboard had reached beneath it.
 */
export const stuckHeaderShare = (page: Page): Promise<number> =>
  page.evaluate(`(() => {
    const bar = document.querySelector('header.topbar');
    if (!bar || !['sticky', 'fixed'].includes(getComputedStyle(bar).position)) return 0;
    return bar.getBoundingClientRect().height / document.documentElement.clientHeight;
  })()`);

/** Whether the page is wider than the window: the whole screen would scroll sideways. */
export const sidewaysOverflow = (page: Page): Promise<number> =>
  // A string: this file is type-checked without the DOM's globals.
  page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');

/**
 * What a person cannot reach: the buttons, links and fields in `scope` (the page's body, an open
 * dialog) that stick out past the window's left or right edge, named by their text or label.
 * Inside a box that scrolls sideways itself (a wide table), what that box's scrolling reaches counts.
 */
export const cutOffControls = (scope: Locator): Promise<string[]> =>
  scope.evaluateAll((roots) =>
    roots
      .flatMap((root) => [...root.querySelectorAll('a[href], button, input, select, textarea')])
      .filter((el) => el.getClientRects().length > 0 && !el.closest('.visually-hidden'))
      .filter((el) => {
        const view = el.ownerDocument.defaultView!;
        const width = el.ownerDocument.documentElement.clientWidth;
        let scroller = el.parentElement;
        while (scroller && !['auto', 'scroll'].includes(view.getComputedStyle(scroller).overflowX))
          scroller = scroller.parentElement;
        const box = el.getBoundingClientRect();
        if (!scroller) return box.left < -0.5 || box.right > width + 0.5;
        const edge = scroller.getBoundingClientRect();
        const reach = {
          left: edge.left - scroller.scrollLeft,
          right: edge.left - scroller.scrollLeft + scroller.scrollWidth,
        };
        return (
          edge.left < -0.5 ||
          edge.right > width + 0.5 ||
          box.left < reach.left - 0.5 ||
          box.right > reach.right + 0.5
        );
      })
      .map((el) =>
        String(el.getAttribute('aria-label') || el.innerText || el.labels?.[0]?.innerText || el.tagName)
          .trim()
          .slice(0, 40),
      ),
  );

/**
 * Scrolls `control` into view as the keyboard would (focus), then says what is wrong with where it
 * lands: past an edge of the window, or under something else (a sticky header) at its centre.
 * Null when a person can see and press it.
 */
export async function hiddenWhenFocused(control: Locator): Promise<string | null> {
  await control.focus();
  return hiddenWhereItIs(control);
}

/**
 * What is wrong with where `control` is now, nothing scrolled: past an edge of the window, or under
 * something else at its centre. Null when a person sees it and can press it as the page stands.
 */
export function hiddenWhereItIs(control: Locator): Promise<string | null> {
  return control.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const root = el.ownerDocument.documentElement;
    const [w, h] = [root.clientWidth, root.clientHeight];
    if (box.left < -0.5 || box.right > w + 0.5) return `past the side: ${box.left}..${box.right} of ${w}`;
    if (box.top < -0.5 || box.bottom > h + 0.5)
      return `past the top or bottom: ${box.top}..${box.bottom} of ${h}`;
    const top = el.ownerDocument.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (top && (el === top || el.contains(top) || top.contains(el))) return null;
    return `covered by ${top ? `${top.tagName}.${top.className}` : 'nothing'}`;
  });
}

/**
 * A 13" laptop's till: the page a browser leaves of a 1366 × 768 screen, an older 1280 × 720 one,
 * and half a 1920 × 1080 screen (a window beside another).
 */
export const laptopWindows = [
  { name: '13" laptop', width: 1366, height: 657 },
  { name: 'older laptop', width: 1280, height: 600 },
  { name: 'half a screen', width: 960, height: 540 },
] as const;

/** The browser's own default font size: Chromium's Medium, Large and Very large (settings, not zoom). */
export const browserTextSizes = [16, 20, 24] as const;

/** Sets the default font size the page's browser settings would give it (what "Very large" sets). */
export async function setBrowserTextSize(page: Page, px: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: px, fixed: Math.round((px * 13) / 16) } });
}

/** The computed font size of `target` in CSS px. */
export const fontSizeOf = (target: Locator): Promise<number> =>
  target.evaluate((el) => parseFloat(el.ownerDocument.defaultView!.getComputedStyle(el).fontSize));

/** What every screen must pass in a small window: no sideways scrolling, no control cut off at an edge. */
export async function expectFits(page: Page, where: string): Promise<void> {
  expect(await sidewaysOverflow(page), `${where}: the screen scrolls sideways`).toBeLessThanOrEqual(0);
  expect(await cutOffControls(page.locator('body')), `${where}: controls cut off at the edge`).toEqual([]);
}

/** Each control comes into view, uncovered, when the keyboard reaches it. */
export async function expectReachable(where: string, ...controls: Locator[]): Promise<void> {
  for (const control of controls)
    expect(await hiddenWhenFocused(control), `${where}: ${await control.innerText()}`).toBeNull();
}
