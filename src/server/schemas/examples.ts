/**
 * Examples of the main resources, for the OpenAPI document (`examples` on their schemas). Not
 * typed as the views (a schema's type would then depend on itself); instead
 * test/http/generated-client.test.ts validates each against its schema. Made up, but of the
 * shapes the server answers.
 */

export const eventExample = {
  id: 'evt_8fK2mQ4xLp',
  title: 'Night show',
  venue: 'Main hall',
  doors_at: '2026-12-24T19:00:00.000Z',
  on_sale_at: '2026-11-25T12:00:00.000Z',
  status: 'published',
  url: 'https://marquee.local:4380/e/evt_8fK2mQ4xLp',
  currency: 'usd',
  timezone: 'America/New_York',
  capacity: 800,
  created_at: '2026-11-25T12:00:00.000Z',
};

export const tierExample = {
  id: 'tkt_3Jd9sW1qZe',
  event_id: eventExample.id,
  name: 'General admission',
  price_cents: 2500,
  currency: 'usd',
  quantity: 300,
  sold: 42,
  comps: 2,
  voided: 1,
  sale_starts_at: null,
  sale_ends_at: '2026-12-24T22:00:00.000Z',
  max_per_order: 10,
  visibility: 'public',
  access_code: null,
  paper_pass: true,
  created_at: '2026-11-25T12:00:00.000Z',
};

export const ticketExample = {
  id: 'tik_Vb7nR2kPzc',
  order_id: 'ord_Q4wE8rT1yU',
  event_id: eventExample.id,
  tier_id: tierExample.id,
  attendee_id: 'atd_Hs6Lk3Mn9B',
  status: 'active',
  scan_count: 0,
  price_cents: 2500,
  wallet_url: 'https://marquee.local:4380/w/Yc3u0Kq7Z1bXv9oWm2Ls',
  qr_token: 'eyJhbGciOiJFZERTQSIsImtpZCI6Ims1IiwidHlwIjoidGlja2V0K2p3dCJ9.eyJzdWIiOiJ0aWtfVmI3bl…',
  paper_pass: 'eyJhbGciOiJFZERTQSIsImtpZCI6Ims1IiwidHlwIjoidGlja2V0LXBhc3Mrand0In0.eyJzdWIiOiJ0aWtf…',
  issued_at: '2026-12-01T18:30:05.000Z',
  transferred_from: null,
  transferred_to: null,
};

export const refundExample = {
  id: 'ref_Pz5Xc8Vb2N',
  amount_cents: 700,
  ticket_id: null,
  reason: 'requested',
  shift_id: null,
  method: 'card',
  note: 'Could not come; refunded one ticket’s worth',
  created_at: '2026-12-02T09:15:00.000Z',
};

export const orderExample = {
  id: ticketExample.order_id,
  event_id: eventExample.id,
  status: 'partially_refunded',
  buyer: { name: 'Ada Lovelace', email: 'ada@example.org' },
  total_cents: 2500,
  refunded_cents: 700,
  currency: 'usd',
  payment_method: 'card',
  channel: 'till',
  comp_reason: null,
  tickets: [ticketExample],
  refunds: [refundExample],
  shift_id: 'shf_2cKx9Qm4Tz',
  created_at: '2026-12-01T18:30:05.000Z',
};

export const attendeeExample = {
  id: ticketExample.attendee_id,
  event_id: eventExample.id,
  order_id: orderExample.id,
  ticket_id: ticketExample.id,
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  created_at: '2026-12-01T18:30:05.000Z',
};

export const scanExample = {
  id: 'scn_Lm4Nb7Vc1X',
  event_id: eventExample.id,
  ticket_id: ticketExample.id,
  device_id: 'dev_Kj8Hg5Fd2S',
  result: 'rejected',
  reason: 'already_scanned',
  direction: 'in',
  scanned_at: '2026-12-24T19:42:10.000Z',
  created_at: '2026-12-24T19:42:10.000Z',
  source: 'online',
  conflict: false,
  credential: 'rotating',
  note: null,
  actor: { api_key_id: 'key_Qw3Er5Ty7U', device_id: 'dev_Kj8Hg5Fd2S', staff_id: null },
};

export const errorExample = {
  error: {
    type: 'invalid_request_error',
    code: 'invalid_field',
    message: 'tickets[0].price_cents must be >= 0; got -1.',
    param: 'tickets[0].price_cents',
  },
};
