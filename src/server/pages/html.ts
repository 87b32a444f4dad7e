import { escapeHtml } from '../../shared/escape-html.js';

/** The shared frame of the server-rendered public pages: small, no scripts unless a page adds one. */
export function pageShell(title: string, body: string, extraHead = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f5f3ef; color: #1d1b18; }
  main { max-width: 40rem; margin: 0 auto; padding: 2rem 1rem; }
  h1 { margin: 0 0 .25rem; font-size: 1.8rem; }
  .meta { color: #5c574f; margin: 0 0 1.5rem; }
  .notice { padding: .75rem 1rem; border-radius: .5rem; background: #fff3cd; }
  ul.tiers { list-style: none; padding: 0; }
  ul.tiers li { display: flex; justify-content: space-between; gap: 1rem; padding: 1rem; margin: .5rem 0;
    background: #fff; border-radius: .5rem; box-shadow: 0 1px 2px #0002; }
  .price { font-weight: 600; }
  .state { font-size: .85rem; color: #5c574f; }
  .state.on_sale { color: #1a7f37; }
</style>
${extraHead}
</head>
<body><main>${body}</main></body>
</html>`;
}
