import { useEffect } from 'react';
import { focusIsLost, standInKey } from './lib/lost-focus.js';
import { navigate } from './router.js';

/** Frames to wait for the new screen's heading: a screen may show it only once its data is read. */
const headingWaitFrames = 60;

/**
 * Puts the keyboard on the screen's heading once it shows, if nothing else has taken it: a screen
 * opened by its key otherwise left focus on the page itself, so the next Tab started at the top
 * and a screen reader said nothing. Only for shortcut keys: a click keeps focus on its link, and
 * specs and people typing right after other navigation keep theirs. The heading stands in (see
 * focusIsLost): the screen's own first control (Sell's tile, Shift's float) still takes over.
 */
function focusHeadingWhenShown(samePath: boolean): void {
  const previous = document.querySelector('main h1');
  let frames = 0;
  const look = () => {
    if (!focusIsLost(document)) return;
    const heading = document.querySelector<HTMLElement>('main h1');
    if (heading && (heading !== previous || samePath)) {
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.dataset[standInKey] = '';
      heading.addEventListener('blur', () => delete heading.dataset[standInKey], { once: true });
      heading.focus();
      return;
    }
    if (++frames < headingWaitFrames) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/** Opens a screen from its key, then gives its heading the keyboard if nothing took it. */
function navigateByKey(to: string): void {
  const samePath = window.location.pathname === to;
  navigate(to);
  focusHeadingWhenShown(samePath);
}

/** Single-key navigation, ignored while typing or while a dialog is open. */
export const navShortcuts: Readonly<Record<string, string>> = {
  s: '/sell',
  o: '/orders',
  e: '/events',
  m: '/monitor',
  y: '/payouts',
  h: '/shift',
  r: '/reports',
  a: '/audit',
  w: '/webhooks',
  ',': '/settings',
};

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(target.type);
  }
  return false;
}

export function useNavShortcuts(allowed: (path: string) => boolean): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target) || document.querySelector('dialog[open]')) return;
      if (event.key === '/') {
        const search = document.querySelector<HTMLInputElement>('[data-search]');
        if (search) {
          event.preventDefault();
          search.focus();
          return;
        }
        event.preventDefault();
        navigateByKey('/orders');
        return;
      }
      const to = navShortcuts[event.key.toLowerCase()];
      if (to && allowed(to)) {
        event.preventDefault();
        navigateByKey(to);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [allowed]);
}
