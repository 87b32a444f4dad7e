import { Order } from '../schemas/orders.js';
import { Ticket } from '../schemas/tickets.js';
import { responseJson } from '../schemas/response-json.js';
import { AttendeesRepo } from '../store/attendees-repo.js';
import type { Db } from '../store/db.js';
import type { EventsRepo } from '../store/events-repo.js';
import { OrdersRepo } from '../store/orders-repo.js';
import { PayoutsRepo } from '../store/payouts-repo.js';
import { RefundsRepo } from '../store/refunds-repo.js';
import { ShiftsRepo } from '../store/shifts-repo.js';
import { StockRepo } from '../store/stock-repo.js';
import { TicketsRepo } from '../store/tickets-repo.js';
import type { TiersRepo } from '../store/tiers-repo.js';
import type { TicketIssuer } from '../tokens/ticket-issuer.js';
import type { ActionRunner } from './action-runner.js';
import { AttendeesService } from './attendees.js';
import { CheckoutService } from './checkout.js';
import type { GuessLimiter } from './guess-limiter.js';
import { OrdersService } from './orders.js';
import type { Outbox } from './outbox.js';
import { PayoutsService } from './payouts.js';
import type { PublicUrls } from './public-urls.js';
import { SalesViews } from './sales-views.js';
import { TicketAnswers } from './ticket-answers.js';
import { TicketsService } from './tickets.js';
import type { MailDrop } from './mail-port.js';

export interface SalesRepos {
  orders: OrdersRepo;
  tickets: TicketsRepo;
  attendees: AttendeesRepo;
  refunds: RefundsRepo;
  payouts: PayoutsRepo;
  stock: StockRepo;
  shifts: ShiftsRepo;
}

export interface Sales {
  repos: SalesRepos;
  /** Order and ticket views (with wallet_url, qr_token and paper_pass), for any route that shows a ticket. */
  salesViews: SalesViews;
  checkout: CheckoutService;
  orders: OrdersService;
  tickets: TicketsService;
  attendees: AttendeesService;
  payouts: PayoutsService;
}

export interface SalesDeps {
  db: Db;
  actions: ActionRunner;
  now: () => number;
  outbox: Outbox;
  mail: MailDrop;
  urls: PublicUrls;
  /** Every credential a ticket has comes from here (tokens/ticket-issuer.ts). */
  issuer: TicketIssuer;
  events: EventsRepo;
  tiers: TiersRepo;
  /** Wrong access codes per key, shared with the kiosk offer. */
  codeGuesses: GuessLimiter;
}

/** Builds the checkout and ticket-lifecycle part of the AppContext in one place. */
export function createSales(deps: SalesDeps): Sales {
  const repos: SalesRepos = {
    orders: new OrdersRepo(deps.db),
    tickets: new TicketsRepo(deps.db),
    attendees: new AttendeesRepo(deps.db),
    refunds: new RefundsRepo(deps.db),
    payouts: new PayoutsRepo(deps.db),
    stock: new StockRepo(deps.db),
    shifts: new ShiftsRepo(deps.db),
  };
  const views = new SalesViews({
    urls: deps.urls,
    issuer: deps.issuer,
    tickets: repos.tickets,
    refunds: repos.refunds,
  });
  const shared = { ...deps, ...repos, views };
  return {
    repos,
    salesViews: views,
    checkout: new CheckoutService({
      ...shared,
      orderJson: responseJson(Order),
    }),
    orders: new OrdersService(shared),
    tickets: new TicketsService({
      ...shared,
      answers: new TicketAnswers({ ...shared, ticketJson: responseJson(Ticket) }),
    }),
    attendees: new AttendeesService(shared),
    payouts: new PayoutsService(shared),
  };
}
