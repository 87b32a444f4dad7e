import type { Db } from '../store/db.js';
import { GroupCommit } from '../store/group-commit.js';
import type { IdempotencyRepo } from '../store/idempotency-repo.js';
import type { ActionContext, Actor } from './action-context.js';

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
}

class Tx implements ActionTx {
  private effects: (() => void)[] | undefined;

  constructor(readonly actor: Actor) {}

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
 *  3. the audit row (to come: see `commit` below),
 *  4. the request's Idempotency-Key and that exact answer.
 *
 * So a retry after a crash, a lost answer or a failed write either finds the first answer (and
 * replays it byte for byte) or finds that nothing happened (and runs once): an order never exists
 * without its key, nor a key without its order.
 */
export class ActionRunner {
  private readonly lanes: Record<Lane, GroupCommit>;

  constructor(
    db: Db,
    private readonly idempotency: IdempotencyRepo,
    private readonly now: () => number,
  ) {
    this.lanes = { sales: new GroupCommit(db), door: new GroupCommit(db) };
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
    const tx = new Tx(context.actor);
    const job = () => this.commit(context, tx, work, answer);
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
  ): Answer<T> {
    const value = work(tx);
    const json = answer(value);
    // The audit row (CONTRACT.md "Audit": "written in the same transaction as the change") goes
    // here: context.actor is who, the work's result is what.
    const claim = context.idempotency;
    if (claim) {
      this.idempotency.save({
        scope: claim.scope,
        key: claim.key,
        requestHash: claim.requestHash,
        statusCode: 200,
        response: json,
        at: this.now(),
      });
    }
    return { value, json };
  }
}
