import { newId } from '../ids.js';
import type { AuditRepo } from '../store/audit-repo.js';
import type { Db } from '../store/db.js';
import { GroupCommit } from '../store/group-commit.js';
import type { IdempotencyRepo } from '../store/idempotency-repo.js';
import type { ActionContext, Actor } from './action-context.js';
import { checkAuditData, type AuditEntry } from './audit-entry.js';

/** An action's result, and the same result as the JSON body its route answers with. */
export interface Answer<T> {
  value: T;
  json: string;
}

/** What an action's work sees of the transaction it runs in. */
export interface ActionTx {
  readonly actor: Actor;
  /**
   * Runs `effect` once the transaction has committed, never after a rollback: for state kept in
   * memory beside the store (the API-key map, caches) and for waking workers.
   */
  afterCommit(effect: () => void): void;
  /** Declares a change for the audit trail; written now, in this transaction, with the actor. */
  audit(entry: AuditEntry): void;
  /** Says this run changed nothing (publishing a published event), so it has nothing to audit. */
  unchanged(): void;
}

/** Where code deep inside an action (refund-ledger.ts) declares its changes: the open action. */
export interface AuditSink {
  audit(entry: AuditEntry): void;
}

/**
 * Independent queues of transactions. `door` keeps scans apart from sales: a checkout waiting
 * for its tokens to be signed holds its batch open (GroupCommit.runAfter) and a scan must not
 * wait on that; everything else is rare enough to share the sales batches.
 */
export type Lane = 'sales' | 'door';

export interface RunOptions {
  lane?: Lane;
  /** Join a batch only once this settles (work prepared off the event loop, such as signing). */
  after?: Promise<unknown>;
  /**
   * Why this action changes nothing the audit trail keeps. Without it, an action that declared
   * no audit entry is refused (and rolled back) as a bug: every change made through the API is
   * audited (CONTRACT.md "Audit"). Door scans use it: each attempt is its own record already
   * (the `scans` table, with device, key and staff).
   */
  unaudited?: string;
}

class Tx implements ActionTx {
  private effects: (() => void)[] | undefined;
  audited = 0;
  nothingChanged = false;

  constructor(
    readonly actor: Actor,
    private readonly write: (tx: Tx, entry: AuditEntry) => void,
  ) {}

  audit(entry: AuditEntry): void {
    this.write(this, entry);
    this.audited++;
  }

  unchanged(): void {
    this.nothingChanged = true;
  }

  afterCommit(effect: () => void): void {
    (this.effects ??= []).push(effect);
  }

  committed(): void {
    if (this.effects) for (const effect of this.effects) effect();
  }
}

/**
 * The one way a business action writes. Each runs in one transaction (a savepoint of a group
 * commit, store/group-commit.ts) that holds, together or not at all:
 *
 *  1. the action's own rules and writes (and the webhook outbox rows they emit),
 *  2. its answer, serialized here with the route's response schema,
 *  3. its audit rows (`tx.audit`, or `runner.audit` from code the work calls), with the actor,
 *  4. the request's Idempotency-Key and that exact answer.
 *
 * So a retry after a crash, a lost answer or a failed write either finds the first answer (and
 * replays it byte for byte) or finds that nothing happened (and runs once): an order never exists
 * without its key, nor a key without its order.
 */
export class ActionRunner implements AuditSink {
  private readonly lanes: Record<Lane, GroupCommit>;
  /**
   * The action whose work is running. Work is synchronous and a group commit runs its jobs one
   * after another, so at most one is open at a time; code it calls can declare audit entries
   * (`audit`) without a transaction handle being passed down to it.
   */
  private open: Tx | null = null;

  constructor(
    db: Db,
    private readonly idempotency: IdempotencyRepo,
    private readonly now: () => number,
    private readonly trail: AuditRepo,
  ) {
    this.lanes = { sales: new GroupCommit(db), door: new GroupCommit(db) };
  }

  /** Declares a change of the action now running; outside one it is a bug, and throws. */
  audit(entry: AuditEntry): void {
    if (!this.open) throw new Error(`audit entry ${entry.action} outside an action's transaction`);
    this.open.audit(entry);
  }

  /**
   * Runs `work` and, once the transaction has committed, answers with its result serialized by
   * `answer` (the route's response serializer). A throw anywhere in it (a refusal, a failed write
   * of the key) rolls all of it back.
   */
  async run<T>(
    context: ActionContext,
    answer: (value: T) => string,
    work: (tx: ActionTx) => T,
    options: RunOptions = {},
  ): Promise<Answer<T>> {
    const tx = new Tx(context.actor, this.writeAudit);
    const job = () => this.commit(context, tx, work, answer, options.unaudited);
    const group = this.lanes[options.lane ?? 'sales'];
    const result = await (options.after ? group.runAfter(options.after, job) : group.run(job));
    if (context.idempotency) context.idempotency.written = true;
    tx.committed();
    return result;
  }

  /** Inside the transaction, in this order; the last write is the key's, so it sees the answer. */
  private commit<T>(
    context: ActionContext,
    tx: Tx,
    work: (tx: ActionTx) => T,
    answer: (value: T) => string,
    unaudited: string | undefined,
  ): Answer<T> {
    this.open = tx;
    let value: T;
    try {
      value = work(tx);
    } finally {
      this.open = null;
    }
    // CONTRACT.md "Audit": every change, written in the same transaction as the change.
    if (tx.audited === 0 && !tx.nothingChanged && unaudited === undefined) {
      throw new Error('an action changed the store without declaring an audit entry');
    }
    const json = answer(value);
    const claim = context.idempotency;
    if (claim) {
      this.idempotency.save({
        scope: claim.scope,
        key: claim.key,
        requestHash: claim.requestHash,
        statusCode: 200,
        response: claim.seal(json),
        at: this.now(),
      });
    }
    return { value, json };
  }

  private readonly writeAudit = (tx: Tx, entry: AuditEntry): void => {
    checkAuditData(entry);
    this.trail.insert({
      id: newId('auditEvent'),
      action: entry.action,
      object_type: entry.objectType,
      object_id: entry.objectId,
      order_id: entry.orderId ?? null,
      api_key_id: tx.actor.apiKeyId,
      device_id: tx.actor.deviceId,
      staff_id: tx.actor.staffId,
      at: this.now(),
      data: JSON.stringify(entry.data ?? {}),
    });
  };
}
