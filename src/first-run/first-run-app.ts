/**
 * The first-run page's script (its markup and styles: src/main/first-run-page.ts). A plain browser
 * module, type-checked with the browser's globals (tsconfig.web.json) and bundled into one classic
 * script (scripts/first-run-bundle.mjs). It talks to the main process's loopback server only over
 * HTTP (src/main/first-run-server.ts), and writes text with textContent, never innerHTML: venue
 * names arrive over mDNS from anyone on the network.
 */

/** What `GET state` and `POST search` answer (StateView in first-run-server.ts). */
interface StateView {
  browse: boolean;
  searching: boolean;
  error: string | null;
  defaultName: string;
  choices: { venue: string; baseUrl: string }[];
}

/** Where a join goes: a venue found on the network, or the address typed by hand. */
type JoinTarget = { venueUrl: string } | { manual: true };

interface JoinBody {
  code: string;
  name: string;
  venueUrl?: string;
  url?: string;
  fingerprint?: string;
}

/** The page's element with this id, of the type the markup gives it; a mismatch is a bug. */
function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const node = document.getElementById(id);
  if (!(node instanceof type)) throw new Error(`first-run page: #${id} is missing or not a ${type.name}`);
  return node;
}

const page = {
  venues: byId('venues', HTMLUListElement),
  searchState: byId('search-state', HTMLParagraphElement),
  searchAgain: byId('search-again', HTMLButtonElement),
  manual: byId('manual', HTMLDetailsElement),
  manualUrl: byId('manual-url', HTMLInputElement),
  manualFp: byId('manual-fp', HTMLInputElement),
  joinForm: byId('join-form', HTMLFormElement),
  joinTo: byId('join-to', HTMLParagraphElement),
  code: byId('code', HTMLTextAreaElement),
  tillName: byId('till-name', HTMLInputElement),
  joinError: byId('join-error', HTMLParagraphElement),
  joinButton: byId('join-button', HTMLButtonElement),
  joinCancel: byId('join-cancel', HTMLButtonElement),
  host: byId('host', HTMLButtonElement),
  done: byId('done', HTMLParagraphElement),
};

let target: JoinTarget | null = null;

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

async function call<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(
    path,
    body === undefined
      ? {}
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  const data = (await res.json().catch(() => ({}))) as { error?: { message?: string } };
  if (!res.ok) throw new Error(data.error?.message || `Something went wrong (${res.status}).`);
  return data as T;
}

function el(tag: string, text?: string, className?: string): HTMLElement {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function searchWords(state: StateView): string {
  if (state.searching) return 'Looking for venues on this network…';
  if (!state.browse) return 'Searching the network is off here; enter the address by hand.';
  if (state.error) return `Could not search this network (${state.error}); enter the address by hand.`;
  if (state.choices.length === 0)
    return 'No venue found on this network. Is the host running and on the same network?';
  return state.choices.length === 1 ? 'Found one venue.' : `Found ${state.choices.length} venues.`;
}

function showState(state: StateView): void {
  page.venues.replaceChildren();
  page.searchState.textContent = searchWords(state);
  page.searchAgain.disabled = state.searching || !state.browse;
  for (const choice of state.choices) {
    const item = el('li');
    const label = el('div');
    label.append(el('div', choice.venue), el('div', choice.baseUrl, 'where'));
    const button = el('button', `Join ${choice.venue}`, 'button primary') as HTMLButtonElement;
    button.type = 'button';
    button.addEventListener('click', () => openJoin({ venueUrl: choice.baseUrl }, `Join ${choice.venue}`));
    item.append(label, button);
    page.venues.append(item);
  }
  if (!page.tillName.value) page.tillName.value = state.defaultName;
}

function openJoin(where: JoinTarget, title: string): void {
  target = where;
  page.joinTo.textContent = title;
  page.joinError.hidden = true;
  page.joinForm.hidden = false;
  page.code.focus();
}

async function search(): Promise<void> {
  showState({ ...(await call<StateView>('state')), searching: true });
  showState(await call<StateView>('search', {}));
}

function finish(message: string): void {
  page.done.textContent = message;
  page.done.hidden = false;
  for (const button of document.querySelectorAll('button')) button.disabled = true;
}

const showSearchError = (err: unknown): void => {
  page.searchState.textContent = messageOf(err);
};

page.searchAgain.addEventListener('click', () => search().catch(showSearchError));
page.manual.addEventListener('toggle', () => {
  if (page.manual.open) openJoin({ manual: true }, 'Join the venue server at the address above');
});
page.joinCancel.addEventListener('click', () => {
  page.joinForm.hidden = true;
  target = null;
});
page.joinForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const body: JoinBody = { code: page.code.value, name: page.tillName.value };
  if (target && 'venueUrl' in target) body.venueUrl = target.venueUrl;
  if (page.manual.open) {
    body.url = page.manualUrl.value;
    body.fingerprint = page.manualFp.value;
  }
  page.joinButton.disabled = true;
  page.joinError.hidden = true;
  try {
    const joined = await call<{ venue?: string; baseUrl: string }>('join', body);
    finish(`Joined ${joined.venue || joined.baseUrl}. Opening the box office…`);
  } catch (err) {
    page.joinError.textContent = messageOf(err);
    page.joinError.hidden = false;
    page.joinButton.disabled = false;
  }
});
page.host.addEventListener('click', async () => {
  page.host.disabled = true;
  try {
    await call('host', {});
    finish('Starting the venue server on this machine…');
  } catch (err) {
    page.host.disabled = false;
    showSearchError(err);
  }
});
call<StateView>('state')
  .then((state) => (state.browse ? search() : showState(state)))
  .catch(showSearchError);
