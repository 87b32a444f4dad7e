/**
 * The first-run screen: a static page the main process serves on loopback before any store exists
 * (the React UI needs a venue server, which is exactly what is not decided yet). Plain DOM, no
 * framework, and no innerHTML: venue names arrive over mDNS from anyone on the network.
 */

export const firstRunHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Marquee: set up this till</title>
<link rel="stylesheet" href="first-run.css">
<script src="first-run.js" defer></script>
</head>
<body>
<main>
  <h1>Set up this till</h1>
  <p class="lead">Each venue has one store. Host it on this machine, or join the venue already running on another till.</p>

  <section aria-labelledby="join-title">
    <h2 id="join-title">Join a venue on this network</h2>
    <p id="search-state" class="muted" role="status">Looking for venues…</p>
    <ul id="venues" class="venues"></ul>
    <p><button type="button" id="search-again" class="button">Search again</button></p>
    <details id="manual">
      <summary>Enter the address by hand</summary>
      <label>Server address <input id="manual-url" placeholder="https://192.168.1.20:4380" autocomplete="off"></label>
      <label>Certificate fingerprint <input id="manual-fp" placeholder="AB:CD:… (shown under the pairing QR)" autocomplete="off"></label>
    </details>
    <form id="join-form" hidden>
      <p id="join-to" class="join-to"></p>
      <label>Pairing code
        <textarea id="code" rows="3" required placeholder="marquee://pair?… or pair_…"></textarea>
      </label>
      <p class="muted small">On the host: Settings → "Pair a door device or till" → "Another till" → Show pairing QR. Paste the text under the QR here; it works once, for 5 minutes.</p>
      <label>This till's name <input id="till-name" maxlength="100" autocomplete="off"></label>
      <p id="join-error" class="error" role="alert" hidden></p>
      <p><button type="submit" id="join-button" class="button primary">Join</button> <button type="button" id="join-cancel" class="button">Cancel</button></p>
    </form>
  </section>

  <section aria-labelledby="host-title">
    <h2 id="host-title">Host this venue here</h2>
    <p class="muted">This machine keeps the venue's store: events, sales and tickets. Other tills and door devices pair with it.</p>
    <p><button type="button" id="host" class="button primary">Host this venue here</button></p>
  </section>

  <p id="done" class="done" role="status" hidden></p>
</main>
</body>
</html>
`;

export const firstRunCss = `
:root { color-scheme: dark; font-family: system-ui, sans-serif; background: #111318; color: #e8eaf0; }
main { max-width: 44rem; margin: 2.5rem auto; padding: 0 1.5rem; }
h1 { font-size: 1.8rem; margin-bottom: .25rem; }
h2 { font-size: 1.2rem; margin-top: 0; }
section { background: #1b1e26; border: 1px solid #2c3140; border-radius: 10px; padding: 1.25rem 1.5rem; margin: 1.25rem 0; }
.lead { color: #b8bdcc; }
.muted { color: #98a0b3; }
.small { font-size: .85rem; }
.venues { list-style: none; padding: 0; margin: .5rem 0; }
.venues li { display: flex; align-items: center; justify-content: space-between; gap: 1rem; padding: .6rem 0; border-top: 1px solid #2c3140; }
.venues .where { color: #98a0b3; font-size: .85rem; }
label { display: block; margin: .75rem 0; }
input, textarea { display: block; width: 100%; box-sizing: border-box; margin-top: .3rem; padding: .5rem .6rem; font: inherit; color: inherit; background: #111318; border: 1px solid #3a4152; border-radius: 6px; }
.button { font: inherit; padding: .5rem 1rem; border-radius: 6px; border: 1px solid #3a4152; background: #262b37; color: inherit; cursor: pointer; }
.button.primary { background: #3b6cf6; border-color: #3b6cf6; color: #fff; font-weight: 600; }
.button:disabled { opacity: .5; cursor: default; }
.button:focus-visible, input:focus-visible, textarea:focus-visible { outline: 2px solid #8fb0ff; outline-offset: 2px; }
.error { color: #ff8a8a; font-weight: 600; }
.join-to { font-weight: 600; }
.done { font-size: 1.2rem; font-weight: 600; color: #7fe0a0; }
`;

export const firstRunJs = `'use strict';
const $ = (id) => document.getElementById(id);
let target = null;

async function call(path, body) {
  const res = await fetch(path, body === undefined ? {} : {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error((data.error && data.error.message) || 'Something went wrong (' + res.status + ').');
  return data;
}

function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function showState(state) {
  const list = $('venues');
  list.replaceChildren();
  const status = $('search-state');
  if (state.searching) status.textContent = 'Looking for venues on this network…';
  else if (!state.browse) status.textContent = 'Searching the network is off here; enter the address by hand.';
  else if (state.error) status.textContent = 'Could not search this network (' + state.error + '); enter the address by hand.';
  else if (state.choices.length === 0) status.textContent = 'No venue found on this network. Is the host running and on the same network?';
  else status.textContent = state.choices.length === 1 ? 'Found one venue.' : 'Found ' + state.choices.length + ' venues.';
  $('search-again').disabled = state.searching || !state.browse;
  for (const choice of state.choices) {
    const item = el('li');
    const label = el('div');
    label.append(el('div', choice.venue), el('div', choice.baseUrl, 'where'));
    const button = el('button', 'Join ' + choice.venue, 'button primary');
    button.type = 'button';
    button.addEventListener('click', () => openJoin({ venueUrl: choice.baseUrl }, 'Join ' + choice.venue));
    item.append(label, button);
    list.append(item);
  }
  if (!$('till-name').value) $('till-name').value = state.defaultName;
}

function openJoin(where, title) {
  target = where;
  $('join-to').textContent = title;
  $('join-error').hidden = true;
  $('join-form').hidden = false;
  $('code').focus();
}

async function search() {
  showState(Object.assign(await call('state'), { searching: true }));
  showState(await call('search', {}));
}

function finish(message) {
  $('done').textContent = message;
  $('done').hidden = false;
  for (const button of document.querySelectorAll('button')) button.disabled = true;
}

$('search-again').addEventListener('click', () => search().catch((e) => ($('search-state').textContent = e.message)));
$('manual').addEventListener('toggle', () => {
  if ($('manual').open) openJoin({ manual: true }, 'Join the venue server at the address above');
});
$('join-cancel').addEventListener('click', () => { $('join-form').hidden = true; target = null; });
$('join-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const body = { code: $('code').value, name: $('till-name').value };
  if (target && target.venueUrl) body.venueUrl = target.venueUrl;
  if ($('manual').open) { body.url = $('manual-url').value; body.fingerprint = $('manual-fp').value; }
  $('join-button').disabled = true;
  $('join-error').hidden = true;
  try {
    const joined = await call('join', body);
    finish('Joined ' + (joined.venue || joined.baseUrl) + '. Opening the box office…');
  } catch (e) {
    $('join-error').textContent = e.message;
    $('join-error').hidden = false;
    $('join-button').disabled = false;
  }
});
$('host').addEventListener('click', async () => {
  $('host').disabled = true;
  try {
    await call('host', {});
    finish('Starting the venue server on this machine…');
  } catch (e) {
    $('host').disabled = false;
    $('search-state').textContent = e.message;
  }
});
call('state').then((state) => (state.browse ? search() : showState(state))).catch((e) => ($('search-state').textContent = e.message));
`;
