import { useEffect } from 'react';
import { navigate } from './router.js';

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
        navigate('/orders');
        return;
      }
      const to = navShortcuts[event.key.toLowerCase()];
      if (to && allowed(to)) {
        event.preventDefault();
        navigate(to);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [allowed]);
}
