import type { Page } from '@playwright/test';

/**
 * Every visible text under `selector` whose contrast with what is behind it is under WCAG AA:
 * 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold). The colour is the computed one with the
 * opacity of the element and its parents laid over the background (backgrounds composited up the
 * tree), so faded text is judged as it is seen. Each as "ratio/needed text".
 */
export async function textsUnderContrast(page: Page, selector: string): Promise<string[]> {
  // A string: the e2e tests are type-checked without the DOM library.
  return page.evaluate(`(() => {
    const parse = (c) => {
      const p = c.match(/rgba?\\(([^)]+)\\)/)[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
      return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
    };
    const over = (top, under) => {
      const mix = (k) => top[k] * top.a + under[k] * (1 - top.a);
      return { r: mix('r'), g: mix('g'), b: mix('b'), a: 1 };
    };
    const channel = (v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
    const luminance = (c) => 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
    const chain = (el) => { const up = []; for (let e = el; e; e = e.parentElement) up.unshift(e); return up; };
    const out = [];
    for (const el of document.querySelectorAll(${JSON.stringify(selector)} + ', ' + ${JSON.stringify(selector)} + ' *')) {
      const text = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent.trim()).join(' ').trim();
      const box = el.getBoundingClientRect();
      if (!text || box.width === 0 || box.height === 0) continue;
      let back = { r: 255, g: 255, b: 255, a: 1 };
      let opacity = 1;
      for (const e of chain(el)) {
        const style = getComputedStyle(e);
        back = over(parse(style.backgroundColor), back);
        opacity *= Number(style.opacity);
      }
      const style = getComputedStyle(el);
      const colour = parse(style.color);
      const front = over({ ...colour, a: colour.a * opacity }, back);
      const [light, dark] = [luminance(front), luminance(back)].sort((x, y) => y - x);
      const ratio = (light + 0.05) / (dark + 0.05);
      const size = parseFloat(style.fontSize);
      const needed = size >= 24 || (Number(style.fontWeight) >= 700 && size >= 18.66) ? 3 : 4.5;
      if (ratio < needed) out.push(ratio.toFixed(2) + '/' + needed + ' ' + text);
    }
    return out;
  })()`);
}
