/**
 * The box office's people and tills (CONTRACT.md "Staff, shifts, reports, audit"): the manager
 * takes on staff with the admin key before the evening; each till is a paired box_office device;
 * a seller signs in there with a PIN and opens a shift with a float; a manager signs in at one
 * till for the refunds and voids; at the end each seller counts the drawer and closes the shift
 * into its Z report.
 */
import { ApiRefusal, ApiClient } from './api-client.js';
import { BoxOffice, SerialQueue, type Holder } from './box-office.js';
import { TillBook, type Ledger, type PaidBy } from './ledger.js';

export type StaffRole = 'manager' | 'seller';

export interface StaffMember {
  id: string;
  name: string;
  role: StaffRole;
  pin: string;
}

/** A shift's report as GET /v2/shifts/{id}/report and POST …/close answer it (the fields used here). */
export interface ShiftReport {
  kind: 'x' | 'z';
  shift: { id: string; opened_by: string; closed_by: string | null };
  opening_float_cents: number;
  cash_sales_cents: number;
  cash_refunds_cents: number;
  expected_cash_cents: number;
  counted_cash_cents: number | null;
  over_short_cents: number | null;
  order_count: number;
  by_payment_method: {
    payment_method: PaidBy | 'external';
    order_count: number;
    sales_cents: number;
    refund_count: number;
    refunds_cents: number;
  }[];
  refunds: { count: number; amount_cents: number };
  voids: { count: number; amount_cents: number };
  comps: { order_count: number; ticket_count: number };
}

const sellerNames = ['Sam', 'Sasha', 'Kit', 'Lee', 'Noor', 'Ravi'];

/** The manager and one seller per till, each with their own PIN (PINs are unique per venue). */
export async function takeOnStaff(admin: ApiClient, tills: number): Promise<StaffMember[]> {
  const wanted: Omit<StaffMember, 'id'>[] = [
    { name: 'Maria', role: 'manager', pin: '4821' },
    ...Array.from({ length: tills }, (_, i) => ({
      name: sellerNames[i % sellerNames.length]!,
      role: 'seller' as const,
      pin: String(1357 + 1111 * i).padStart(4, '0'),
    })),
  ];
  const staff: StaffMember[] = [];
  for (const member of wanted) {
    const { id } = await admin.post<{ id: string }>('/v2/staff', member);
    staff.push({ ...member, id });
  }
  return staff;
}

/** One window of the box office: its own paired key, queue of customers, drawer and shift. */
export class Till {
  /** One customer at a time. */
  readonly queue = new SerialQueue();
  readonly book: TillBook;
  /** The till as the seller signed in at it works it (before sign-in: the bare key, for reads). */
  counter: BoxOffice;
  /** The manager signed in at this till, for refunds and voids; null at the other tills. */
  manager: BoxOffice | null = null;
  seller: StaffMember | null = null;
  shiftId: string | null = null;
  private sellerApi: ApiClient;
  private readonly sessions: { token: string; api: ApiClient }[] = [];

  private constructor(
    readonly name: string,
    private readonly api: ApiClient,
    private readonly ledger: Ledger,
    private readonly runId: string,
    /** The key's secret and the pairing token: for the server log's secret search. */
    private readonly credentials: string[],
  ) {
    this.book = new TillBook(name);
    ledger.tills.push(this.book);
    this.sellerApi = api;
    this.counter = new BoxOffice(api, ledger, runId, this.book);
  }

  /** Paired like any device: a pairing token from the admin, redeemed by the till. */
  static async pair(admin: ApiClient, name: string, ledger: Ledger, runId: string): Promise<Till> {
    const { pairing_token } = await admin.post<{ pairing_token: string }>('/v2/devices/pairing', {
      scope: 'box_office',
    });
    const paired = await new ApiClient(admin.baseUrl, null).post<{ api_key: { secret: string } }>(
      '/v2/devices/pair',
      { pairing_token, name },
    );
    const api = new ApiClient(admin.baseUrl, paired.api_key.secret);
    return new Till(name, api, ledger, runId, [pairing_token, paired.api_key.secret]);
  }

  /** The seller signs in with their PIN and opens a shift with the float counted into the drawer. */
  async openShift(seller: StaffMember, floatCents: number): Promise<void> {
    this.seller = seller;
    this.sellerApi = await this.signIn(seller);
    this.counter = new BoxOffice(this.sellerApi, this.ledger, this.runId, this.book);
    const shift = await this.sellerApi.post<{ id: string }>('/v2/shifts', {
      opening_float_cents: floatCents,
    });
    this.shiftId = shift.id;
    this.book.floatCents = floatCents;
  }

  /** The manager comes to this till and signs in beside the seller, for what needs a manager. */
  async managerSignsIn(manager: StaffMember): Promise<void> {
    this.manager = new BoxOffice(await this.signIn(manager), this.ledger, this.runId, this.book);
  }

  /**
   * A void with its refund. When `sellerFirst`, the seller tries it first and must be refused
   * `insufficient_role` (counted in the ledger); then the manager does it.
   */
  async void(holder: Holder, sellerFirst: boolean): Promise<void> {
    if (!this.manager) throw new Error(`${this.name}: no manager signed in to void ${holder.ticketId}`);
    if (sellerFirst) {
      this.ledger.sellerVoidAttempts++;
      try {
        await this.counter.void(holder);
        throw new Error(`${this.name}: a seller voided ${holder.ticketId}; only a manager may`);
      } catch (err) {
        if (!(err instanceof ApiRefusal) || err.code !== 'insufficient_role') throw err;
        this.ledger.roleRefusals++;
      }
    }
    await this.manager.void(holder);
  }

  /**
   * The cash-up: the seller counts the drawer (the true cash, give or take `mistakeCents`, a
   * simulated slip such as change given from the wrong note) and closes the shift. Answers the Z
   * report as the close answered it and as GET …/report keeps it afterwards.
   */
  async close(mistakeCents: number): Promise<{ z: ShiftReport; kept: ShiftReport }> {
    if (!this.shiftId) throw new Error(`${this.name} has no open shift`);
    const counted = this.book.trueCashCents + mistakeCents;
    this.book.countedCents = counted;
    this.book.mistakeCents = mistakeCents;
    const z = await this.sellerApi.post<ShiftReport>(`/v2/shifts/${this.shiftId}/close`, {
      counted_cash_cents: counted,
    });
    const kept = await this.api.get<ShiftReport>(`/v2/shifts/${this.shiftId}/report`);
    return { z, kept };
  }

  /** Everyone signed in here signs out (sessions would otherwise run their 12 hours). */
  async signOut(): Promise<void> {
    for (const { api } of this.sessions) await api.post('/v2/staff/sign_out', {});
  }

  /** Every credential this till was given or made, for the server log's secret search. */
  secrets(): string[] {
    return [...this.credentials, ...this.sessions.map((s) => s.token)];
  }

  private async signIn(member: StaffMember): Promise<ApiClient> {
    const { session_token: token } = await this.api.post<{ session_token: string }>('/v2/staff/sign_in', {
      pin: member.pin,
    });
    const api = this.api.asStaff(token);
    this.sessions.push({ token, api });
    return api;
  }
}
