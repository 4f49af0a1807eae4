/**
 * The routes of a census list of a facility (DESIGN §8): residents, employees and contacts are
 * listed, added and edited alike, and residents and employees imported and exported alike. A
 * module declares its endpoints and the service functions behind them; the request's checked
 * params, query and body go to the service as the ENDPOINTS entry types them.
 */
import type { EndpointName, EndpointResponse, Endpoints, ImportReport } from '@carevoice/shared';
import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { endpoint, requestMeta, type RequestMeta } from '../../lib/http.js';
import { requireSession } from '../access/access.service.js';
import type { ImportReading } from '../admin-imports/admin-imports.service.js';
import { sendImportReport } from '../admin-imports/import-reply.js';
import type { SessionUser } from '../auth/auth.service.js';
import type { CensusFile, CensusUpload } from './census-lists.js';

/** The checked value of an endpoint's request part (its query or body). */
type Checked<N extends EndpointName, K extends 'query' | 'body'> =
  Endpoints[N] extends Record<K, z.ZodType> ? z.output<Endpoints[N][K]> : never;

/** A record's id in the path of its edit (`residentId`, …). */
type IdParam<N extends EndpointName> = Endpoints[N] extends { params: z.ZodObject<infer S> }
  ? keyof S & string
  : never;

interface CensusRoutes<L extends EndpointName, C extends EndpointName, U extends EndpointName> {
  list: {
    endpoint: L;
    handle: (ctx: AppContext, facilityId: string, query: Checked<L, 'query'>) => Promise<unknown>;
  };
  create: {
    endpoint: C;
    handle: (
      ctx: AppContext,
      meta: RequestMeta,
      facilityId: string,
      input: Checked<C, 'body'>,
    ) => Promise<string>;
  };
  update: {
    endpoint: U;
    id: IdParam<U>;
    handle: (
      ctx: AppContext,
      meta: RequestMeta,
      user: SessionUser,
      id: string,
      input: Checked<U, 'body'>,
    ) => Promise<EndpointResponse<U>>;
  };
  /** The CSV files of the list: an import (dry run unless told) and an export. */
  files?: {
    import: EndpointName;
    export: EndpointName;
    importFile: (ctx: AppContext, meta: RequestMeta, upload: CensusUpload) => Promise<ImportReport>;
    exportFile: (ctx: AppContext, meta: RequestMeta, facilityId: string) => Promise<CensusFile>;
  };
}

/**
 * An endpoint's route options with a plain schema: the declarations above type what the
 * handlers pass on, Fastify still checks the request and answer against the endpoint's schemas.
 */
function route(name: EndpointName) {
  return endpoint(name) as Omit<ReturnType<typeof endpoint>, 'schema'> & { schema: FastifySchema };
}

interface FacilityParams {
  facilityId: string;
}

interface ImportQuery {
  dry_run?: boolean;
  mapping?: string;
  date_format?: ImportReading['dateFormat'];
}

/** The routes of one census list: list, add (201 with the id), edit, and its files. */
export function censusRoutes<
  L extends EndpointName,
  C extends EndpointName,
  U extends EndpointName,
>(routes: CensusRoutes<L, C, U>): FastifyPluginAsyncZod {
  return async (app) => {
    const { ctx } = app;
    const { list, create, update, files } = routes;

    app.route({
      ...route(list.endpoint),
      handler: async (request) => {
        const { facilityId } = request.params as FacilityParams;
        return list.handle(ctx, facilityId, request.query as Checked<L, 'query'>);
      },
    });

    app.route({
      ...route(create.endpoint),
      handler: async (request, reply) => {
        const { facilityId } = request.params as FacilityParams;
        const body = request.body as Checked<C, 'body'>;
        const id = await create.handle(ctx, requestMeta(request), facilityId, body);
        return reply.code(201).send({ id });
      },
    });

    app.route({
      ...route(update.endpoint),
      handler: async (request) => {
        const id = (request.params as Record<string, string>)[update.id] ?? '';
        const body = request.body as Checked<U, 'body'>;
        const user = requireSession(request).user;
        return update.handle(ctx, requestMeta(request), user, id, body);
      },
    });

    if (!files) return;

    app.route({
      ...route(files.import),
      handler: async (request, reply) => {
        const { facilityId } = request.params as FacilityParams;
        const query = request.query as ImportQuery;
        const report = await files.importFile(ctx, requestMeta(request), {
          facilityId,
          fileText: request.body as string,
          dryRun: query.dry_run ?? true,
          reading: { mapping: query.mapping, dateFormat: query.date_format },
        });
        return sendImportReport(reply, report);
      },
    });

    app.route({
      ...route(files.export),
      handler: async (request, reply) => {
        const { facilityId } = request.params as FacilityParams;
        const file = await files.exportFile(ctx, requestMeta(request), facilityId);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', file.contentDisposition)
          .send(file.csv);
      },
    });
  };
}
