import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

/** OpenAPI 3.1, generated from the routes' TypeBox schemas; served at /v2/openapi.json. */
export async function installOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Marquee venue API',
        version,
        description:
          'The /v2 REST interface of a Marquee venue server. Errors use the envelope ' +
          '{"error":{type,code,message,param}}; lists are {"object":"list",data,has_more,next_cursor}. ' +
          'See docs/api.md.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'Authorization: Bearer sk_live_…',
          },
        },
      },
      security: [{ bearer: [] }],
    },
  });
}
