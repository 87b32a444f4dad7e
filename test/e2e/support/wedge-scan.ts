import type { Page } from '@playwright/test';

/**
 * What a keyboard-wedge barcode scanner does: the code's keys and Enter, into whatever has the
 * focus, faster than a person types. Made and dispatched in one go inside the page, so the gaps between
 * keys' timestamps do not depend on how busy the test machine is. Events made in a page have no default
 * action, so the browser's is done here for each key the page did not prevent: a character lands
 * in a focused text field, and Enter presses a focused button or submits a focused field's form.
 * A page that lets a scan's Enter through to a form is caught submitting it.
 */
export async function wedgeScan(page: Page, code: string): Promise<void> {
  // A string: the e2e tests are type-checked without the DOM library.
  await page.evaluate(`(() => {
    const target = document.activeElement ?? document.body;
    const field = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ? target : null;
    // Made before any is dispatched: an event's timeStamp is when it was made, as a real key's is
    // when the scanner sent it, so a page busy re-rendering after each key (a loaded test machine)
    // does not spread the keys out as no scanner would.
    const events = [...${JSON.stringify(code)}, 'Enter'].map(
      (key) => new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
    );
    for (const event of events) {
      const key = event.key;
      const allowed = target.dispatchEvent(event);
      if (!allowed) continue;
      if (key === 'Enter') {
        if (target instanceof HTMLButtonElement) target.click();
        else if (field instanceof HTMLInputElement && field.form) field.form.requestSubmit();
      } else if (field) {
        const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value').set;
        setter.call(field, field.value + key);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }
    }
  })()`);
}
