import { useEffect, useRef } from 'react';
import { focusIsLost } from '../lib/lost-focus.js';

/**
 * A ref for the element that should take the keyboard when it appears and the focus was lost
 * (see focusIsLost): the next step of a flow whose last control just went away. A heading or a
 * region needs tabIndex={-1} to take it. With `step`, it looks again each time that changes (an
 * event's status: Publish goes away once it has published).
 */
export function useFocusIfLost<T extends HTMLElement>(step: unknown = null) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (ref.current && focusIsLost(document)) ref.current.focus();
  }, [step]);
  return ref;
}
