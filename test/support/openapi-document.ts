/**
 * Reading the OpenAPI document's answers as a generator does: the refusals every operation shares
 * are `$ref`s to `components.responses` (src/server/http/openapi-shared-responses.ts), followed here.
 */

export interface DocumentedAnswer {
  description?: string;
  content?: Record<string, unknown>;
  headers?: Record<string, { $ref?: string; schema?: object }>;
}

export interface OpenApiAnswers {
  paths: Record<string, Record<string, { responses: Record<string, DocumentedAnswer & { $ref?: string }> }>>;
  components: {
    responses?: Record<string, DocumentedAnswer>;
    headers?: Record<string, { description?: string; schema: object }>;
  };
}

/** One operation's answers by status, each shared refusal replaced by its declaration. */
export function answersOf(
  document: OpenApiAnswers,
  path: string,
  method: string,
): Record<string, DocumentedAnswer> {
  const responses = document.paths[path]?.[method]?.responses;
  if (!responses) throw new Error(`the document has no ${method} ${path}`);
  return Object.fromEntries(
    Object.entries(responses).map(([status, answer]) => [status, followResponse(document, answer)]),
  );
}

function followResponse(document: OpenApiAnswers, answer: DocumentedAnswer & { $ref?: string }) {
  if (answer.$ref === undefined) return answer;
  const name = answer.$ref.replace('#/components/responses/', '');
  const shared = document.components.responses?.[name];
  if (!shared) throw new Error(`${answer.$ref} is not declared`);
  return shared;
}

/** The schema of a header an answer declares (following `#/components/headers/…`). */
export function headerSchema(document: OpenApiAnswers, declared: { $ref?: string; schema?: object }): object {
  if (declared.$ref === undefined) return declared.schema ?? {};
  const header = document.components.headers?.[declared.$ref.replace('#/components/headers/', '')];
  if (!header) throw new Error(`${declared.$ref} is not declared`);
  return header.schema;
}
