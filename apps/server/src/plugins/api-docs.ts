/**
 * `GET /api/docs`: the OpenAPI 3 description of the API (lib/openapi.ts, from the endpoint
 * table), as JSON at `/api/docs/json` and as a browsable page (Swagger UI, served from the
 * package: no third-party service). Public, like the contract the web app already carries.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { API_DOCS_PATH } from '../lib/http.js';
import { openApiDocument } from '../lib/openapi.js';

export default fp(
  async function apiDocsPlugin(app) {
    await app.register(swagger, {
      mode: 'static',
      specification: { document: structuredClone(openApiDocument()) as never },
    });
    await app.register(swaggerUi, {
      routePrefix: API_DOCS_PATH,
      uiConfig: { docExpansion: 'list', deepLinking: false },
    });
  },
  { name: 'api-docs' },
);
