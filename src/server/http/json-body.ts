import type { FastifyInstance } from "fastify";

/**
 * Fastify's JSON parser (with its prototype-poisoning protection), except that an empty body
 * counts as no body: clients commonly send `Content-Type: application/json` on bodiless POSTs
 * such as /publish, and refusing those would be pedantic.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string" },
    (request, body, done) => {
      const text = typeof body === "string" ? body : body.toString("utf8");
      if (text.trim() === "") return done(null, undefined);
      parseJson(request, text, done);
    },
  );
}
