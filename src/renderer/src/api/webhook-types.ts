/** Names for the webhook shapes the queue view uses, picked out of the generated schema like types.ts. */
import type { Answer, RequestBody } from './types.js';

export type WebhookStatusView = Answer<'/v2/webhooks/status', 'get'>;
export type EndpointStatusView = WebhookStatusView['endpoints'][number];
export type WebhookEndpointView = Answer<'/v2/webhook_endpoints/{id}', 'get'>;
export type WebhookEndpointWithSecret = Answer<'/v2/webhook_endpoints', 'post'>;
export type WebhookEndpointCreate = RequestBody<'/v2/webhook_endpoints', 'post'>;
export type WebhookEndpointPatch = RequestBody<'/v2/webhook_endpoints/{id}', 'patch'>;
export type WebhookDeliveryView = Answer<'/v2/webhook_endpoints/{id}/deliveries', 'get'>['data'][number];
export type DeliveryStatus = WebhookDeliveryView['status'];
