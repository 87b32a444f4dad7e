import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ApiKeyRecord, ApiKeys, Scope } from "../domain/api-keys.js";
import { ApiError } from "../errors.js";

/**
 * Who may call a /v2 route: `public` needs no key; otherwise the listed scopes (admin is always
 * allowed). A route that declares nothing is admin-only, so a forgotten declaration fails closed.
 */
export type Access = "public" | readonly Scope[];

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    apiKey: ApiKeyRecord | null;
  }
}

export function bearerSecret(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

export function isAllowed(access: Access, scope: Scope): boolean {
  return scope === "admin" || (access !== "public" && access.includes(scope));
}

export function installAccessControl(
  app: FastifyInstance,
  keys: ApiKeys,
): void {
  app.decorateRequest("apiKey", null);
  app.addHook("onRequest", async (request) => {
    // Only the /v2 API takes keys; public pages and the UI's files are open, and unmatched
    // routes reach the not-found handler without a key.
    if (!request.routeOptions.url?.startsWith("/v2/")) return;
    const access = request.routeOptions.config.access ?? [];
    if (access === "public") return;
    const secret = bearerSecret(request);
    if (secret === undefined) {
      throw new ApiError(
        401,
        "invalid_api_key",
        'No API key provided. Send it as "Authorization: Bearer sk_live_…".',
      );
    }
    const key = keys.authenticate(secret);
    if (!key)
      throw new ApiError(
        401,
        "invalid_api_key",
        "The API key is unknown or has been revoked.",
      );
    request.apiKey = key;
    if (!isAllowed(access, key.scope)) {
      const needed = ["admin", ...access].join(" or ");
      throw new ApiError(
        403,
        "insufficient_scope",
        `This key has scope '${key.scope}'; ${request.method} ${request.routeOptions.url} needs ${needed}.`,
      );
    }
  });
}
