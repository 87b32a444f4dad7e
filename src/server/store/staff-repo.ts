import type { Db } from './db.js';

export const staffRoles = ['manager', 'seller', 'door'] as const;
export type StaffRole = (typeof staffRoles)[number];

export interface StaffRow {
  seq: number;
  id: string;
  name: string;
  role: StaffRole;
  /** hex of scrypt(PIN, the store's staff PIN salt): see migration 008. */
  pin_hash: string;
  active: 0 | 1;
  created_at: number;
  updated_at: number;
}

export type StaffChanges = Partial<Pick<StaffRow, 'name' | 'role' | 'pin_hash' | 'active'>>;

/** Staff members (migration 008). Nothing is deleted: a member who leaves is made inactive. */
export class StaffRepo {
  private readonly byId;
  private readonly byPin;
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly pageStmt;
  private readonly anyActiveStmt;

  constructor(db: Db) {
    this.byId = db.prepare('SELECT * FROM staff WHERE id = ?');
    this.byPin = db.prepare('SELECT * FROM staff WHERE pin_hash = ? AND active = 1');
    this.insertStmt = db.prepare(
      `INSERT INTO staff (id, name, role, pin_hash, active, created_at, updated_at)
       VALUES (@id, @name, @role, @pin_hash, @active, @created_at, @updated_at)`,
    );
    // A NULL parameter leaves its column as it is.
    this.updateStmt = db.prepare(
      `UPDATE staff SET name = COALESCE(@name, name), role = COALESCE(@role, role),
         pin_hash = COALESCE(@pin_hash, pin_hash), active = COALESCE(@active, active), updated_at = @at
       WHERE id = @id`,
    );
    this.pageStmt = db.prepare(
      `SELECT * FROM staff WHERE seq > @after AND (@active IS NULL OR active = @active)
       ORDER BY seq LIMIT @limit`,
    );
    this.anyActiveStmt = db.prepare('SELECT 1 FROM staff WHERE active = 1 LIMIT 1').pluck();
  }

  find(id: string): StaffRow | undefined {
    return this.byId.get(id) as StaffRow | undefined;
  }

  /** The active member with this PIN hash; at most one (unique index `staff_active_pin`). */
  findActiveByPin(pinHash: string): StaffRow | undefined {
    return this.byPin.get(pinHash) as StaffRow | undefined;
  }

  insert(row: Omit<StaffRow, 'seq'>): void {
    this.insertStmt.run(row);
  }

  update(id: string, changes: StaffChanges, at: number): void {
    this.updateStmt.run({
      id,
      at,
      name: changes.name ?? null,
      role: changes.role ?? null,
      pin_hash: changes.pin_hash ?? null,
      active: changes.active ?? null,
    });
  }

  page(active: boolean | undefined, afterSeq: number, limit: number): StaffRow[] {
    return this.pageStmt.all({
      after: afterSeq,
      active: active === undefined ? null : active ? 1 : 0,
      limit,
    }) as StaffRow[];
  }

  /** Whether staff sign-in is in force: any active member exists. */
  anyActive(): boolean {
    return this.anyActiveStmt.get() !== undefined;
  }
}
