import { ApiError, conflict, notFound } from '../errors.js';
import { newId, randomBase62 } from '../ids.js';
import { responseJson } from '../schemas/response-json.js';
import {
  Staff,
  StaffSignIn,
  type StaffCreateInput,
  type StaffPatchInput,
  type StaffSignInView,
  type StaffView,
} from '../schemas/staff.js';
import { ListCursor, toPage, type Page } from '../store/pagination.js';
import type { SettingsRepo } from '../store/settings-repo.js';
import { sqliteCode } from '../store/sqlite-errors.js';
import type { StaffRepo, StaffRole, StaffRow } from '../store/staff-repo.js';
import type { StaffSessionsRepo } from '../store/staff-sessions-repo.js';
import { toIso } from '../time.js';
import type { ActionContext } from './action-context.js';
import type { ActionRunner, Answer } from './action-runner.js';
import { hashSecret, type Caller } from './api-keys.js';
import type { Guesses } from './guess-limiter.js';
import { hashPin } from './pin-hash.js';
import { OneAtATime } from './one-at-a-time.js';
import { changedFields, type AuditEntry, type AuditValue } from './audit-entry.js';

const staffAudit = (action: string, id: string, data: Record<string, AuditValue> = {}): AuditEntry => ({
  action,
  objectType: 'staff',
  objectId: id,
  data,
});

/** A staff session lasts a long shift: 12 hours (CONTRACT.md "Staff, shifts, reports, audit"). */
export const sessionLifetimeMs = 12 * 60 * 60 * 1000;

/**
 * How long an expired session is kept before sign-in purges it: a till that comes back the next
 * morning is still told its session lasted 12 hours, rather than that the token is unknown.
 */
export const endedSessionMemoryMs = 24 * 60 * 60 * 1000;

/** A signed-in member as a request carries it (http/staff-session.ts). */
export interface ActiveStaffSession {
  staffId: string;
  name: string;
  role: StaffRole;
  expiresAt: number;
  tokenHash: string;
}

/** What a `Marquee-Staff` token resolves to: the session, or why it no longer counts. */
export type SessionLookup = { session: ActiveStaffSession } | { ended: string };

export const viewStaff = (row: StaffRow): StaffView => ({
  id: row.id,
  name: row.name,
  role: row.role,
  active: row.active === 1,
  created_at: toIso(row.created_at),
  updated_at: toIso(row.updated_at),
});

const staffJson = responseJson(Staff);
const signInJson = responseJson(StaffSignIn);

const pinInUse = () =>
  conflict(
    'pin_in_use',
    'Another active staff member already has this PIN. Sign-in is by PIN alone, so each person needs their own; choose another.',
    'pin',
  );

/** 401: the PIN is a credential, like a key (docs/api.md "Staff"). */
const wrongPin = () =>
  new ApiError(401, 'invalid_pin', 'That PIN does not belong to any active staff member.', 'pin');

const newSessionToken = (): string => `sst_${randomBase62(32)}`;

export interface StaffDeps {
  actions: ActionRunner;
  staff: StaffRepo;
  sessions: StaffSessionsRepo;
  settings: SettingsRepo;
  /** Wrong PINs per till key (guess-limiter.ts staffPinLockout). */
  guesses: Guesses;
  now: () => number;
}

/** Staff members, their PINs, and their sessions at tills. */
export class StaffService {
  private salt: string | undefined;
  /** Sign-ins run one at a time per till key (OneAtATime says why). */
  private readonly signIns = new OneAtATime();

  constructor(private readonly deps: StaffDeps) {}

  require(id: string): StaffRow {
    const row = this.deps.staff.find(id);
    if (!row) throw notFound('staff member', id);
    return row;
  }

  get(id: string): StaffView {
    return viewStaff(this.require(id));
  }

  list(active: boolean | undefined, limit: number, cursor: string | undefined): Page<StaffView> {
    const list = new ListCursor('staff', { active });
    return toPage(this.deps.staff.page(active, list.decode(cursor), limit + 1), limit, viewStaff, list);
  }

  async create(action: ActionContext, input: StaffCreateInput): Promise<Answer<StaffView>> {
    const pinHash = await this.pinHash(input.pin);
    return this.deps.actions.run(action, staffJson, (tx) => {
      const at = this.deps.now();
      if (this.deps.staff.findActiveByPin(pinHash)) throw pinInUse();
      const row: Omit<StaffRow, 'seq'> = {
        id: newId('staff'),
        name: input.name,
        role: input.role,
        pin_hash: pinHash,
        active: 1,
        created_at: at,
        updated_at: at,
      };
      this.write(() => this.deps.staff.insert(row));
      tx.audit(staffAudit('staff.created', row.id, { name: row.name, role: row.role }));
      return viewStaff({ ...row, seq: 0 });
    });
  }

  /** Name, role, PIN (a reset) and `active`; a member reactivated must not take someone's PIN. */
  async update(action: ActionContext, id: string, input: StaffPatchInput): Promise<Answer<StaffView>> {
    const pinHash = input.pin === undefined ? undefined : await this.pinHash(input.pin);
    return this.deps.actions.run(action, staffJson, (tx) => {
      const current = this.require(id);
      const active = input.active === undefined ? current.active === 1 : input.active;
      const holder = active ? this.deps.staff.findActiveByPin(pinHash ?? current.pin_hash) : undefined;
      if (holder && holder.id !== id) throw pinInUse();
      const at = this.deps.now();
      this.write(() =>
        this.deps.staff.update(
          id,
          {
            name: input.name,
            role: input.role,
            pin_hash: pinHash,
            active: input.active === undefined ? undefined : input.active ? 1 : 0,
          },
          at,
        ),
      );
      // A PIN reset (the old one may have leaked) or a deactivation signs the member out of every
      // till for good: reactivating them later must not bring an old token back to life.
      if (pinHash !== undefined || input.active === false) this.deps.sessions.endAllOf(id, at);
      // Which fields changed, never the PIN (a reset shows as `pin` among them); the new role and
      // `active` too, so the trail can say "made Sam a seller", "reactivated Sam".
      tx.audit(
        staffAudit('staff.updated', id, {
          changed: changedFields(input),
          ...(input.role === undefined ? {} : { role: input.role }),
          ...(input.active === undefined ? {} : { active: input.active }),
        }),
      );
      return viewStaff(this.require(id));
    });
  }

  /** DELETE: the member stays (orders, shifts and the audit trail name them) but cannot sign in. */
  deactivate(action: ActionContext, id: string): Promise<Answer<StaffView>> {
    return this.deps.actions.run(action, staffJson, (tx) => {
      this.require(id);
      const at = this.deps.now();
      this.deps.staff.update(id, { active: 0 }, at);
      this.deps.sessions.endAllOf(id, at);
      tx.audit(staffAudit('staff.deactivated', id));
      return viewStaff(this.require(id));
    });
  }

  /**
   * PIN sign-in at a till. The PIN is hashed before anything else and looked up; a wrong one
   * counts against the till's key (429 after a few, longer each time). The session names the
   * member as the action's actor, so the audit trail records who signed in.
   */
  signIn(action: ActionContext, pin: string, keyId: string): Promise<Answer<StaffSignInView>> {
    return this.signIns.run(keyId, () => this.signInNow(action, pin, keyId));
  }

  private async signInNow(
    action: ActionContext,
    pin: string,
    keyId: string,
  ): Promise<Answer<StaffSignInView>> {
    const { guesses, staff, sessions, now } = this.deps;
    guesses.check(keyId);
    const pinHash = await this.pinHash(pin);
    const member = staff.findActiveByPin(pinHash);
    if (!member) {
      guesses.wrong(keyId);
      throw wrongPin();
    }
    const token = newSessionToken();
    const asMember = { ...action, actor: { ...action.actor, staffId: member.id } };
    return this.deps.actions.run(asMember, signInJson, (tx) => {
      // Deactivated or given another PIN while the hash was computed: as if the PIN were wrong.
      if (staff.findActiveByPin(pinHash)?.id !== member.id) throw wrongPin();
      const at = now();
      const expiresAt = at + sessionLifetimeMs;
      // Sign-in is the only thing that adds sessions, so clearing the long-dead ones here keeps
      // the table to about a day of sign-ins, with no timer of its own.
      sessions.purgeExpiredBy(at - endedSessionMemoryMs);
      sessions.insert({
        token_hash: hashSecret(token),
        staff_id: member.id,
        api_key_id: keyId,
        created_at: at,
        expires_at: expiresAt,
        ended_at: null,
      });
      tx.audit(staffAudit('staff.signed_in', member.id, { api_key_id: keyId }));
      return { staff: viewStaff(member), session_token: token, expires_at: toIso(expiresAt) };
    });
  }

  /** Ends the session the request carries; without one (or one already ended) nothing changes. */
  signOut(
    action: ActionContext,
    session: ActiveStaffSession | null,
  ): Promise<Answer<{ signed_out: boolean }>> {
    return this.deps.actions.run(
      action,
      (value) => JSON.stringify(value),
      (tx) => {
        const signedOut = session !== null && this.deps.sessions.end(session.tokenHash, this.deps.now());
        if (signedOut) tx.audit(staffAudit('staff.signed_out', action.actor.staffId ?? 'unknown'));
        else tx.unchanged();
        return { signed_out: signedOut };
      },
    );
  }

  /** Looks a `Marquee-Staff` token up for the key it came with (on the event loop: two reads). */
  resolve(token: string, keyId: string): SessionLookup {
    const tokenHash = hashSecret(token);
    const row = this.deps.sessions.find(tokenHash);
    if (!row) return { ended: 'This staff session is not known here. Sign in with your PIN.' };
    if (row.api_key_id !== keyId)
      return { ended: 'This staff session was started at another till. Sign in with your PIN on this one.' };
    // The member first: a deactivated member's sessions have ended too, and this says why.
    const member = this.deps.staff.find(row.staff_id);
    if (!member || member.active !== 1)
      return {
        ended: `${member?.name ?? 'This staff member'} has been deactivated, so their sign-in here has ended. Another member can sign in with their own PIN.`,
      };
    if (row.ended_at !== null)
      return {
        ended: `${member.name}'s sign-in here has ended: they signed out, or a manager has since reset their PIN or deactivated them. Sign in with your PIN again.`,
      };
    if (this.deps.now() >= row.expires_at)
      return {
        ended: 'This staff session has ended (a session lasts 12 hours). Sign in with your PIN again.',
      };
    return {
      session: {
        staffId: member.id,
        name: member.name,
        role: member.role,
        expiresAt: row.expires_at,
        tokenHash,
      },
    };
  }

  /** A box office key needs a signed-in member for every change once any active member exists. */
  signInRequired(caller: Caller): boolean {
    return caller?.scope === 'box_office' && this.deps.staff.anyActive();
  }

  /** hex scrypt of the PIN with the store's staff PIN salt (migration 008). */
  private async pinHash(pin: string): Promise<string> {
    this.salt ??= this.deps.settings.get('staff_pin_salt');
    if (this.salt === undefined) throw new Error('the store has no staff_pin_salt (migration 008)');
    return (await hashPin(pin, this.salt)).toString('hex');
  }

  /** The unique index is the last word on PINs: two requests racing for one PIN, one wins. */
  private write(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      if (sqliteCode(err) === 'SQLITE_CONSTRAINT_UNIQUE') throw pinInUse();
      throw err;
    }
  }
}
