import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document, generated from the routes' zod schemas: the UI at /api/docs, the document
 * itself at /api/docs/json. Both are public, like any published API description.
 */
export const openApi = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'PathConsult API',
        version: '0.1.0',
        description:
          'Every answer is `{ iCode, strMessage, strErrorCode?, objData }` (iCode 0 success, 1000 ' +
          'business failure). Send the session token in the `token` header and the language (zh|en) ' +
          'in `lang`. 400 carries field errors in objData; 401 no or expired session; 403 role ' +
          'refused; 404 missing or outside your hospitals; 429 rate-limited.',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } },
      },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (docs) => {
    // The UI's own routes declare their policy like every other /api route.
    docs.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), policy: { roles: 'public' } };
    });
    await docs.register(swaggerUi, { routePrefix: '/api/docs' });
  });
});
