import { eventMailWindowMs } from '../../shared/event-mail-window.js';
import type { Db } from './db.js';

/** A run of consecutive rows of one outbox table, by seq. */
export interface RetentionWindow {
  /** Rows in the window; 0 when nothing is left to look at. */
  rows: number;
  /** The highest seq in the window: the next window starts after it. */
  last: number;
  /** Every row of the window was written at or after the cutoff, so none of them can go yet. */
  allRecent: boolean;
}

/**
 * One outbox table as the retention sweep walks it: in windows of rows by seq (a rowid range, so
 * a window costs its own rows and never a scan of the table), deleting in each what is due.
 * Call both inside one transaction, so the bounds a window was read with still hold for the delete.
 */
export interface RetentionTable {
  readonly name: 'webhook_deliveries' | 'webhook_messages' | 'mail_outbox';
  window(afterSeq: number, cutoff: number, limit: number): RetentionWindow;
  /** Deletes the rows in (afterSeq, lastSeq] that are finished before the cutoff; returns how many. */
  deleteDue(afterSeq: number, lastSeq: number, cutoff: number): number;
}

interface WindowRow {
  rows: number;
  last: number | null;
  oldest: number | null;
}

function windowOf(row: WindowRow): RetentionWindow {
  return { rows: row.rows, last: row.last ?? 0, allRecent: row.oldest === null || row.oldest >= 0 };
}

/**
 * The highest seq a sweep may delete in a table: never its newest row. seq is an INTEGER PRIMARY
 * KEY without AUTOINCREMENT, so SQLite gives a new row MAX(seq) + 1; deleting the newest row would
 * hand its seq out again. For messages that would be a lost webhook (an endpoint whose fanout_seq
 * already passed that seq never fans the new message out); for deliveries and mail, a list cursor
 * that skips a row.
 */
const belowNewest = (table: string) => `(SELECT COALESCE(MAX(seq), 0) - 1 FROM ${table})`;

/**
 * `oldest` is relative to the cutoff (negative: written before it), so one statement answers both
 * "how far does the window reach" and "can anything in it be due".
 */
function windowSql(table: string, upTo: string): string {
  return `SELECT COUNT(*) AS rows, MAX(seq) AS last, MIN(created_at) - @cutoff AS oldest
            FROM (SELECT seq, created_at FROM ${table}
                   WHERE seq > @after AND seq <= ${upTo} ORDER BY seq LIMIT @limit)`;
}

/** SQL of the three outbox tables' retention rules (see retention.ts for the rules themselves). */
export class RetentionRepo {
  readonly deliveries: RetentionTable;
  readonly messages: RetentionTable;
  readonly mails: RetentionTable;

  constructor(db: Db) {
    this.deliveries = table(
      db,
      'webhook_deliveries',
      windowSql('webhook_deliveries', belowNewest('webhook_deliveries')),
      // Finished: delivered, or failed after the whole schedule. A pending one is still owed,
      // however old, so it is never touched.
      `DELETE FROM webhook_deliveries
        WHERE seq > @after AND seq <= @last
          AND status IN ('delivered', 'failed')
          AND COALESCE(delivered_at, last_attempt_at, created_at) < @cutoff`,
    );
    this.messages = table(
      db,
      'webhook_messages',
      // Only what every enabled endpoint has fanned out: past its fanout_seq a message has no
      // delivery row yet for that endpoint, but one is still owed (an offline endpoint fans out
      // when it can). A disabled endpoint is owed nothing: enabling it again moves its cursor to
      // the newest message (domain/webhook-endpoints.ts). With no enabled endpoint, nothing is owed.
      windowSql(
        'webhook_messages',
        `MIN(${belowNewest('webhook_messages')},
             (SELECT COALESCE(MIN(fanout_seq), ${Number.MAX_SAFE_INTEGER})
                FROM webhook_endpoints WHERE status = 'enabled'))`,
      ),
      // The dispatcher reads the body from the message, so a message goes only with its last
      // delivery (webhook_deliveries_by_message, migration 006, makes the check a lookup).
      `DELETE FROM webhook_messages
        WHERE seq > @after AND seq <= @last
          AND created_at < @cutoff
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.message_id = webhook_messages.id)`,
    );
    this.mails = table(
      db,
      'mail_outbox',
      windowSql('mail_outbox', belowNewest('mail_outbox')),
      // Sent: counted from sending. Failed: from when it was written (a failed mail has no
      // "finished at" of its own). Pending mail still has to go out and is kept, except mail about
      // an event that ended (doors + 24 h) before the cutoff and was queued before it ended: the
      // sender would never send it (mail/ticket-mail-composer.ts refuseLate), and a venue without
      // a mail server would otherwise keep a season of confirmations forever.
      `DELETE FROM mail_outbox
        WHERE seq > @after AND seq <= @last
          AND ((status = 'sent' AND sent_at < @cutoff) OR (status = 'failed' AND created_at < @cutoff)
            OR (status = 'pending' AND kind <> 'message' AND EXISTS (
                  SELECT 1 FROM events e
                   WHERE e.id = CASE mail_outbox.kind
                                  WHEN 'event_cancelled' THEN mail_outbox.ref
                                  WHEN 'order_confirmation' THEN (SELECT event_id FROM orders WHERE id = mail_outbox.ref)
                                  ELSE (SELECT event_id FROM tickets WHERE id = mail_outbox.ref) END
                     AND e.doors_at + ${eventMailWindowMs} < @cutoff
                     AND mail_outbox.created_at <= e.doors_at + ${eventMailWindowMs})))`,
    );
  }
}

function table(
  db: Db,
  name: RetentionTable['name'],
  windowQuery: string,
  deleteQuery: string,
): RetentionTable {
  const windowStmt = db.prepare(windowQuery);
  const deleteStmt = db.prepare(deleteQuery);
  return {
    name,
    window: (after, cutoff, limit) => windowOf(windowStmt.get({ after, cutoff, limit }) as WindowRow),
    deleteDue: (after, last, cutoff) => deleteStmt.run({ after, last, cutoff }).changes,
  };
}
