import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// docs/integrations.md shows, per language, how to verify a webhook and a ticket token. Each block
// is a file of its client (clients/<language>/examples/) that the client's live test runs on a
// real delivery and a real token; here: the blocks are those files byte for byte, there is no
// other code in the page, and each file is really called by its test.
const doc = readFileSync('docs/integrations.md', 'utf8');

const snippets = [
  {
    file: 'clients/node/examples/verify.ts',
    test: 'clients/node/test/live.test.ts',
    calls: ['../examples/verify.js', 'verifyWebhook(', 'verifyTicket('],
  },
  {
    file: 'clients/python/examples/verify.py',
    test: 'clients/python/tests/test_live.py',
    calls: ['from examples import verify as example', 'example.verify_webhook(', 'example.verify_ticket('],
  },
  {
    file: 'clients/ruby/examples/verify.rb',
    test: 'clients/ruby/test/live_test.rb',
    calls: ["require_relative '../examples/verify'", 'verify_webhook(', 'verify_ticket('],
  },
  {
    file: 'clients/php/examples/verify.php',
    test: 'clients/php/tests/LiveTest.php',
    calls: ['verify_webhook(', 'verify_ticket('],
  },
  {
    file: 'clients/go/examples/verify.go',
    test: 'clients/go/live_test.go',
    calls: ['"marquee/examples"', 'examples.VerifyWebhook(', 'examples.VerifyTicket('],
  },
];

const snippetBlock = /<!-- snippet: (\S+) -->\n\n```\w+\n([\s\S]*?)```\n/g;

describe('docs/integrations.md', () => {
  const blocks = new Map([...doc.matchAll(snippetBlock)].map((m) => [m[1]!, m[2]!]));

  it.each(snippets)('shows $file exactly as it is', ({ file }) => {
    expect(existsSync(file), `${file} exists`).toBe(true);
    expect(blocks.get(file), `the block for ${file} (copy the file into the page)`).toBe(
      readFileSync(file, 'utf8'),
    );
  });

  it.each(snippets)('has $file run by $test', ({ test, calls }) => {
    const source = readFileSync(test, 'utf8');
    for (const call of calls) expect(source, `${test} uses ${call}`).toContain(call);
  });

  it('holds no code besides those files', () => {
    const fences = doc.match(/^```/gm) ?? [];
    expect(fences.length).toBe(2 * snippets.length);
    expect([...blocks.keys()].sort()).toEqual(snippets.map((s) => s.file).sort());
  });

  it('says where Swift stands', () => {
    expect(doc).toMatch(/## Swift: not provided/);
  });
});
