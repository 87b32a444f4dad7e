import { describe, expect, it } from 'vitest';
import { SseParser } from '../../src/scanner/sse-parser.js';
import { raceDeadline } from '../../src/scanner/deadline.js';

describe('SSE parser', () => {
  it('parses events, ids, multi-line data and comments across arbitrary chunk splits', () => {
    const stream =
      ': hello\n\nretry: 1500\nid: 7\nevent: scan\ndata: {"a":1}\n\nid: 8\ndata: line1\r\ndata: line2\r\n\r\nevent: ping\n\n';
    // Every split point must give the same messages.
    for (let cut = 0; cut <= stream.length; cut++) {
      const parser = new SseParser();
      const messages = [...parser.push(stream.slice(0, cut)), ...parser.push(stream.slice(cut))];
      expect(messages).toEqual([
        { event: 'scan', data: '{"a":1}', id: '7' },
        { event: 'message', data: 'line1\nline2', id: '8' },
      ]);
      expect(parser.lastEventId).toBe('8');
      expect(parser.retryMs).toBe(1500);
    }
  });

  it('resumes with the id it was given until the server sends a newer one', () => {
    const parser = new SseParser('41');
    expect(parser.push('data: x\n\n')).toEqual([{ event: 'message', data: 'x', id: '41' }]);
    parser.push('id: 42\n');
    expect(parser.lastEventId).toBe('42');
  });
});

describe('deadline race', () => {
  it('uses an answer that comes in time, and reports a slow one as late without cancelling it', async () => {
    const quick = await raceDeadline(new Promise((r) => setTimeout(() => r('ok'), 10)), 300);
    expect(quick).toMatchObject({ kind: 'answer', value: 'ok' });
    let landed = false;
    const slowWork = new Promise((r) => setTimeout(() => r('late'), 150)).then((v) => {
      landed = true;
      return v;
    });
    const slow = await raceDeadline(slowWork, 50);
    // Reported late before the work landed: the deadline's timer comes first however late a
    // loaded machine runs both, so this holds without a bound on the wall clock.
    expect(landed).toBe(false);
    expect(slow.kind).toBe('late');
    expect(slow.ms).toBeGreaterThanOrEqual(45);
    await slowWork;
    expect(landed).toBe(true);
    const failed = await raceDeadline(Promise.reject(new Error('down')), 300);
    expect(failed).toMatchObject({ kind: 'failed' });
  });
});
