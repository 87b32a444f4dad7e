import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import {
  declareCsvExports,
  declareResponseHeaders,
  documentRouteConventions,
  responseHeaders,
} from './openapi-conventions.js';
import { shareRefusals } from './openapi-shared-responses.js';
import { webhookOperations } from './openapi-webhooks.js';

/** The groups operations are tagged with (each route's `tags`), in the order a reader meets them. */
const tags = [
  { name: 'meta', description: 'The service itself: health and usage' },
  { name: 'api keys', description: 'Keys and their scopes (admin only)' },
  { name: 'events', description: 'Events: draft, publish, cancel' },
  { name: 'tiers', description: "An event's ticket tiers: price, quantity, sale window" },
  { name: 'kiosk', description: 'What a customer-facing kiosk reads and checks' },
  { name: 'orders', description: 'Checkout, refunds, resending tickets' },
  { name: 'tickets', description: 'Tickets: read with a fresh QR token, transfer, void' },
  { name: 'attendees', description: 'The people tickets are for' },
  {
    name: 'scanning',
    description: 'Door scanning: validate, offline door pack and sync, the live scan feed',
  },
  { name: 'devices', description: 'Pairing door devices and tills' },
  { name: 'mail', description: 'The outgoing mail queue' },
  { name: 'payouts', description: 'Settling an event’s net sales' },
  { name: 'webhooks', description: 'Webhook endpoints and their deliveries' },
  { name: 'settings', description: 'Venue-wide settings' },
];

/**
 * OpenAPI 3.1, generated from the routes' TypeBox schemas; served at /v2/openapi.json and
 * written to src/shared/api/openapi.json by `npm run gen:api`. Schemas with an `$id` (registered
 * with addSchema, schemas/components.ts) become named components; each route names its
 * operationId. See docs/api.md "The OpenAPI document".
 */
export async function installOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    // Components are named after their `$id` (Event, Order, Error…) rather than def-0, def-1…
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Marquee venue API',
        version,
        description:
          'The /v2 REST interface of a Marquee venue server. Errors use the envelope ' +
          '{"error":{type,code,message,param}}; lists are {"object":"list",data,has_more,next_cursor}. ' +
          'See docs/api.md.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Marquee-Proprietary' },
      },
      servers: [
        {
          url: 'http://127.0.0.1:{port}',
          description: 'On the computer that runs the venue server (loopback is plain HTTP)',
          variables: { port: { default: '4380', description: 'MARQUEE_PORT' } },
        },
        {
          url: 'https://{host}:{port}',
          description:
            "From another device on the venue's network: HTTPS with the venue's own certificate (pin its SHA-256 fingerprint, see docs/api.md)",
          variables: {
            host: { default: 'marquee.local', description: "The venue server's address or name on the LAN" },
            port: { default: '4380', description: 'MARQUEE_PORT' },
          },
        },
      ],
      tags,
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'Authorization: Bearer sk_live_…',
          },
          streamToken: {
            type: 'apiKey',
            in: 'query',
            name: 'stream_token',
            description: 'The scan feed only: a token from POST /v2/scans/stream_token, for EventSource',
          },
        },
        headers: responseHeaders,
      },
      security: [{ bearer: [] }],
    },
    transform: ({ schema, url, route }) => ({ schema: documentRouteConventions(schema, route), url }),
    transformObject: (document) => {
      const openapi = 'openapiObject' in document ? document.openapiObject : document.swaggerObject;
      declareResponseHeaders(openapi.paths as Parameters<typeof declareResponseHeaders>[0]);
      declareCsvExports(openapi.paths as Parameters<typeof declareCsvExports>[0]);
      const components = (openapi as { components?: Record<string, unknown> }).components ?? {};
      components.responses = shareRefusals(openapi.paths as Parameters<typeof shareRefusals>[0]);
      // OpenAPI 3.1's `webhooks`: what a receiver gets, typed like the answers.
      (openapi as { webhooks?: unknown }).webhooks = webhookOperations();
      return openapi;
    },
  });
}
