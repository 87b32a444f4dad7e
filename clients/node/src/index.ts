export { MarqueeClient, version, type ClientOptions, type RateLimit } from './client.js';
export {
  ApiError,
  AuthenticationError,
  ConflictError,
  InvalidRequestError,
  MarqueeError,
  NetworkError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  TicketTokenError,
  WebhookVerificationError,
  type ErrorEnvelope,
  type TicketTokenRejection,
} from './errors.js';
export type {
  Answer,
  CallOptions,
  ListItem,
  ListPaths,
  Operation,
  PathsWith,
  RequestOptions,
} from './operations.js';
export type { components, paths, webhooks } from './schema.js';
export { TicketVerifier, type CredentialKind, type Jwks, type VerifiedTicket } from './ticket-verifier.js';
export {
  Webhook,
  defaultWebhookTolerance,
  type WebhookEvent,
  type WebhookHeaders,
  type WebhookMessage,
} from './webhook.js';
