/**
 * buildApp(config, deps): the whole server as a Fastify instance, without listening, so tests use
 * `app.inject`. Cross-cutting plugins first (errors, security, sessions, web app), then the API
 * modules.
 */
import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES } from '@carevoice/shared';
import { generateSecret } from 'otplib';
import type { DestinationStream } from 'pino';
import { BODY_LIMIT_BYTES, PUBLISHED_VERSIONS_KEPT } from './constants.js';
import type { AppContext } from './context.js';
import type { DatabaseHandle } from './db/connect.js';
import { PublishedVersions } from './db/questions.js';
import type { Config, TrustProxy } from './env.js';
import { AccessLog, createLogger } from './lib/logger.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { requestForLog } from './lib/http.js';
import { compileResponseSchemas } from './lib/response-schemas.js';
import { adminEmployeeRoutes } from './modules/admin-employees/admin-employees.routes.js';
import { adminResidentRoutes } from './modules/admin-residents/admin-residents.routes.js';
import { acknowledgementRoutes } from './modules/acknowledgements/acknowledgements.routes.js';
import { adminFacilityRoutes } from './modules/admin-facilities/admin-facilities.routes.js';
import { adminQuestionnaireRoutes } from './modules/admin-questionnaires/admin-questionnaires.routes.js';
import { adminSetupRoutes } from './modules/admin-setup/admin-setup.routes.js';
import { adminSurveySetRoutes } from './modules/admin-survey-sets/admin-survey-sets.routes.js';
import { adminUserRoutes } from './modules/admin-users/admin-users.routes.js';
import { alertRoutes } from './modules/alerts/alerts.routes.js';
import { accessRoutes } from './modules/access/access.routes.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { serverUnknownAccountHash } from './modules/auth/auth.service.js';
import { SessionCache } from './modules/auth/session-cache.js';
import { CensusFeedListener } from './modules/census-feed/census-feed.listener.js';
import { censusFeedRoutes } from './modules/census-feed/census-feed.routes.js';
import { contactRoutes } from './modules/contacts/contacts.routes.js';
import { publicSurveyRoutes } from './modules/survey-links/public-survey.routes.js';
import { campaignRoutes } from './modules/survey-links/campaigns.routes.js';
import { CampaignRunner } from './modules/survey-links/campaign-runner.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { OutboxSender } from './modules/mail-outbox/mail-outbox.service.js';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes.js';
import { surveySetRoutes } from './modules/survey-sets/survey-sets.routes.js';
import { resultsRoutes } from './modules/results/results.routes.js';
import { surveyRoutes } from './modules/surveys/surveys.routes.js';
import { recognitionRoutes } from './modules/recognition/recognition.routes.js';
import afterResponsePlugin from './plugins/after-response.js';
import apiDocsPlugin from './plugins/api-docs.js';
import metricsPlugin from './plugins/metrics.js';
import authPlugin from './plugins/auth.js';
import errorsPlugin from './plugins/errors.js';
import responseCachePlugin from './plugins/response-cache.js';
import responseCheckPlugin from './plugins/response-check.js';
import securityPlugin from './plugins/security.js';
import webPlugin from './plugins/web.js';

export interface AppDeps {
  /** A migrated database; the caller owns it and closes it after the app. */
  database: DatabaseHandle;
  /** The clock (tests move it instead of sleeping). */
  now?: () => Date;
  /** Outgoing mail; by default SMTP_URL or the DATA_DIR outbox. */
  mailer?: Mailer;
  /** Where log lines go; by default standard output. */
  logs?: DestinationStream;
  /** Check every API answer against its declared schema (tests; plugins/response-check.ts). */
  checkResponses?: boolean;
  /** New TOTP secrets; by default random (otplib). */
  newMfaSecret?: () => string;
  /**
   * The hash an unknown account's sign-in is verified against; by default a random token's at
   * the server's cost (`serverUnknownAccountHash`). Only tests pass one: at the cost of their
   * demo accounts' hash, so unknown and known accounts cost the same there too.
   */
  unknownAccountHash?: () => Promise<string>;
}

/** Logged at start when TRUST_PROXY is a hop count (the address form is the safe one). */
export const TRUST_PROXY_HOP_COUNT_WARNING =
  "TRUST_PROXY is a hop count: X-Forwarded-For is believed from any peer, so a client that reaches this port directly picks its own address (and escapes the sign-in throttle). Set TRUST_PROXY to the proxies' addresses or CIDR ranges instead, e.g. TRUST_PROXY=10.0.0.5";

/**
 * TRUST_PROXY as Fastify takes it: a hop count becomes "the nearest N hops" (what Fastify does
 * with a number, which its types leave out), a list the trusted proxies' addresses.
 */
function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((_: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: createLogger(config.logLevel, deps.logs),
    logController: new AccessLog(requestForLog),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: () => crypto.randomUUID(),
    // URLs the router cannot even parse answer in the API's own error shape too.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void reply
        .code(tooLong ? 414 : 400)
        .header('cache-control', 'no-store')
        .send({ detail: tooLong ? MESSAGES.uriTooLong : MESSAGES.badRequest });
    },
  }).withTypeProvider<ZodTypeProvider>();
  if (typeof config.trustProxy === 'number') {
    // Issue 31, finding 9 (ADR 042): a hop count trusts X-Forwarded-For from any peer, so a
    // client that reaches the port directly chooses its own address, and with it its throttling.
    app.log.warn({ trustProxy: config.trustProxy }, TRUST_PROXY_HOP_COUNT_WARNING);
  }
  app.setValidatorCompiler(validatorCompiler);
  // Responses: Fastify's compiled serializer, from JSON Schemas of the zod schemas.
  app.addHook('onRoute', compileResponseSchemas);

  const changes = deps.database.changeCounter();
  const now = deps.now ?? (() => new Date());
  const mailer = deps.mailer ?? createMailer(config, app.log);
  const ctx: AppContext = {
    config,
    db: deps.database.db,
    dialect: deps.database.dialect,
    now,
    mailer,
    outbox: new OutboxSender({
      db: deps.database.db,
      dialect: deps.database.dialect,
      mailer,
      secret: config.sessionSecret,
      now,
      log: app.log,
    }),
    changes,
    sessions: new SessionCache(changes),
    publishedVersions: new PublishedVersions(PUBLISHED_VERSIONS_KEPT),
    newMfaSecret: deps.newMfaSecret ?? (() => generateSecret()),
    unknownAccountHash: deps.unknownAccountHash ?? serverUnknownAccountHash,
    censusFeed: undefined,
    campaigns: new CampaignRunner({
      db: deps.database.db,
      dialect: deps.database.dialect,
      config,
      now,
      log: app.log,
    }),
  };
  if (config.censusFeed) {
    ctx.censusFeed = new CensusFeedListener({
      config: config.censusFeed,
      host: config.host,
      deps: ctx,
      log: app.log,
    });
  }
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => {
    await ctx.censusFeed?.stop();
    await ctx.campaigns.stop();
    await ctx.outbox.stop();
    await ctx.mailer.close();
  });

  await app.register(errorsPlugin);
  await app.register(afterResponsePlugin);
  await app.register(securityPlugin);
  await app.register(authPlugin);
  // Before the response cache, whose onSend compresses the answer this one reads.
  if (deps.checkResponses) await app.register(responseCheckPlugin);
  await app.register(responseCachePlugin);
  await app.register(metricsPlugin, {
    database: deps.database,
    queues: () => ({
      mail: ctx.mailer.queued?.() ?? 0,
      after_response: app.afterResponsesRunning(),
    }),
    feed: () => ctx.censusFeed?.stats,
  });
  await app.register(apiDocsPlugin);
  await app.register(webPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(accessRoutes);
  await app.register(passwordResetRoutes);
  await app.register(acknowledgementRoutes);
  await app.register(recognitionRoutes);
  await app.register(surveyRoutes);
  await app.register(surveySetRoutes);
  await app.register(adminFacilityRoutes);
  await app.register(adminSetupRoutes);
  await app.register(adminSurveySetRoutes);
  await app.register(auditRoutes);
  await app.register(adminUserRoutes);
  await app.register(adminResidentRoutes);
  await app.register(adminEmployeeRoutes);
  await app.register(adminQuestionnaireRoutes);
  await app.register(resultsRoutes);
  await app.register(alertRoutes);
  await app.register(censusFeedRoutes);
  await app.register(contactRoutes);
  await app.register(publicSurveyRoutes);
  await app.register(campaignRoutes);
  return app;
}
