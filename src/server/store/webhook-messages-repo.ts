import type { Db } from './db.js';

export interface MessageHead {
  seq: number;
  id: string;
  type: string;
  created_at: number;
}

/** Reads the webhook outbox (webhook_messages, written by Outbox.emit) in write order. */
export class WebhookMessagesRepo {
  private readonly lastStmt;
  private readonly afterStmt;

  constructor(db: Db) {
    this.lastStmt = db.prepare('SELECT COALESCE(MAX(seq), 0) AS seq FROM webhook_messages');
    this.afterStmt = db.prepare(
      'SELECT seq, id, type, created_at FROM webhook_messages WHERE seq > ? ORDER BY seq LIMIT ?',
    );
  }

  lastSeq(): number {
    return (this.lastStmt.get() as { seq: number }).seq;
  }

  after(seq: number, limit: number): MessageHead[] {
    return this.afterStmt.all(seq, limit) as MessageHead[];
  }
}
