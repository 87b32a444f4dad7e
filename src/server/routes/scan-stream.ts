import type { OutgoingHttpHeaders } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { ApiKeyRecord } from '../domain/api-keys.js';
import type { FeedListener } from '../domain/scan-feed.js';
import { ApiError, RateLimitedError, invalidField } from '../errors.js';
import { bearerSecret, isAllowed } from '../http/access.js';
import { bodyDefaultsToEmpty } from '../http/optional-body.js';
import { Nullable, Timestamp, errorResponses, ref } from '../schemas/common.js';
import { FeedTicketChange, Scan } from '../schemas/scans.js';
import { toIso } from '../time.js';

const readers = ['box_office', 'scanner'] as const;
const tags = ['scanning'];
const eventId = Type.String({ minLength: 1, maxLength: 80 });

/**
 * Feeds one key may hold open at once. A door, a till or a monitor window needs one (two while
 * EventSource reconnects); without a bound, a lost door phone's key could open thousands, each
 * held for ever, and use up the server's file descriptors (docs/api.md "Scan log and live feed").
 */
export const maxFeedsPerKey = 32;
/** A key at its limit gives up its oldest feed once that one is this old (ScanFeed.makeRoomForKey). */
export const feedReplaceableAfterMs = 60_000;

const StreamQuery = Type.Object(
  {
    event_id: Type.Optional(eventId),
    last_event_id: Type.Optional(
      Type.String({
        pattern: '^[0-9]{1,15}$',
        description: 'Resume after this id (same as the Last-Event-ID header)',
      }),
    ),
    stream_token: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'From POST /v2/scans/stream_token, for clients that cannot send headers',
      }),
    ),
  },
  { additionalProperties: false },
);

const StreamTokenBody = Type.Object({ event_id: Type.Optional(eventId) }, { additionalProperties: false });

const StreamToken = Type.Object({
  stream_token: Type.String(),
  expires_at: Timestamp,
  event_id: Nullable(Type.String()),
  url: Type.String({ description: 'Path to open with EventSource' }),
});

interface StreamAccess {
  key: ApiKeyRecord;
  /** A stream token may be limited to one event. */
  eventId: string | null;
}

/**
 * `GET /v2/scans/stream`: Server-Sent Events of the door feed. Auth is the usual Bearer header
 * or, for EventSource in a browser, a stream token in the query (never the API key itself).
 */
export async function scanStreamRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { keys } = app.ctx;
  const { feed, streamTokens, presence, scanning } = app.ctx.scan;

  // Open streams would keep app.close() waiting for ever; end them before the server closes.
  app.addHook('preClose', async () => feed.closeAll());

  function authenticate(request: FastifyRequest, token: string | undefined): StreamAccess {
    const secret = bearerSecret(request);
    if (secret !== undefined) {
      const key = keys.authenticate(secret);
      if (!key) throw new ApiError(401, 'invalid_api_key', 'The API key is unknown or has been revoked.');
      if (!isAllowed(readers, key.scope))
        throw new ApiError(
          403,
          'insufficient_scope',
          `This key has scope '${key.scope}'; the scan feed needs admin, box_office or scanner.`,
        );
      return { key, eventId: null };
    }
    if (token !== undefined) {
      const grant = streamTokens.check(token);
      if (!grant)
        throw new ApiError(
          401,
          'invalid_stream_token',
          'The stream token is unknown, expired or its key was revoked; get a new one from POST /v2/scans/stream_token.',
          'stream_token',
        );
      return { key: grant.key, eventId: grant.eventId };
    }
    throw new ApiError(
      401,
      'invalid_api_key',
      'No API key provided. Send "Authorization: Bearer sk_live_…", or ?stream_token= from POST /v2/scans/stream_token.',
    );
  }

  api.post(
    '/scans/stream_token',
    {
      // Minting a token to read the feed changes nothing a person answers for.
      config: { access: readers, staff: { session: 'not_needed' } },
      preValidation: bodyDefaultsToEmpty,
      schema: {
        operationId: 'createScanStreamToken',
        tags,
        summary: 'A one-hour token that opens the scan feed, for EventSource (which cannot send headers)',
        body: StreamTokenBody,
        response: { 200: StreamToken, ...errorResponses },
      },
    },
    async (request) => {
      const key = request.apiKey;
      if (!key) throw new ApiError(401, 'invalid_api_key', 'No API key provided.');
      presence.touch(key);
      const event = scanning.feedEventFor(key, request.body.event_id ?? null);
      const { token, expiresAt } = streamTokens.issue(key, event);
      const query = new URLSearchParams({ stream_token: token });
      if (event !== null) query.set('event_id', event);
      return {
        stream_token: token,
        expires_at: toIso(expiresAt),
        event_id: event,
        url: `/v2/scans/stream?${query.toString()}`,
      };
    },
  );

  api.get(
    '/scans/stream',
    {
      // Authenticated here rather than by the access hook, to accept a stream token too.
      config: { access: 'public', free: true },
      schema: {
        operationId: 'streamScans',
        // Public to the access hook only: the handler takes a Bearer key or a stream token.
        security: [{ bearer: [] }, { streamToken: [] }],
        tags,
        summary:
          'Server-Sent Events: `scan` for every attempt, `ticket` for sales, voids and transfers; resumes from Last-Event-ID',
        description:
          'Needs a Bearer key (admin, box_office or scanner) or ?stream_token=. Heartbeat comment every 15 s.',
        querystring: StreamQuery,
        response: {
          200: {
            description:
              'A text/event-stream. Each entry has `id:` (resume with Last-Event-ID), `event:` and one JSON `data:` line: `event: scan` carries a Scan, `event: ticket` a TicketChange.',
            content: { 'text/event-stream': { schema: Type.Union([ref(Scan), ref(FeedTicketChange)]) } },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const access = authenticate(request, request.query.stream_token);
      request.apiKey = access.key;
      const asked = request.query.event_id ?? access.eventId;
      if (access.eventId !== null && asked !== access.eventId)
        throw invalidField('event_id', `This stream token only opens event ${access.eventId}'s feed.`);
      const event = scanning.feedEventFor(access.key, asked);

      const header = request.headers['last-event-id'];
      const resumeText = request.query.last_event_id ?? (Array.isArray(header) ? header[0] : header);
      if (resumeText !== undefined && !/^[0-9]{1,15}$/.test(resumeText))
        throw invalidField('Last-Event-ID', 'Last-Event-ID must be an id this feed sent (digits).');
      // An id beyond the feed's end was sent before a backup was restored (or by the old laptop):
      // resumed from there, the feed would stay silent until it caught up with the lost history.
      const cursor =
        resumeText === undefined ? feed.currentSeq() : Math.min(Number(resumeText), feed.currentSeq());

      if (!feed.makeRoomForKey(access.key.id, maxFeedsPerKey, feedReplaceableAfterMs))
        throw new RateLimitedError(
          `This key opened ${maxFeedsPerKey} scan feeds in the last minute, the most one key may hold: close one (or use another device's key) and try again.`,
          5,
        );
      presence.touch(access.key);
      // Hijacked, so the headers hooks set on the reply (x-request-id, x-ratelimit-*) are copied
      // by hand; a HEAD gets them and ends instead of holding a feed open that sends no body.
      const head: OutgoingHttpHeaders = {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      };
      reply.hijack();
      const res = reply.raw;
      if (request.method === 'HEAD') {
        res.writeHead(200, head);
        res.end();
        return;
      }
      res.writeHead(200, head);
      // Tells EventSource how soon to reconnect, and sends the headers now so `open` fires.
      res.write('retry: 2000\n\n');
      const key = access.key;
      const listener: FeedListener = {
        eventId: event,
        cursor,
        apiKeyId: key.id,
        write: (chunk) => res.write(chunk),
        backlog: () => res.writableLength,
        end: () => res.end(),
        onHeartbeat: () => {
          if (key.revokedAt !== null) res.end();
          else presence.touch(key);
        },
      };
      res.on('close', () => feed.remove(listener));
      res.on('drain', () => feed.resume(listener));
      feed.add(listener);
    },
  );
}
