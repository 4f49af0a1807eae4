import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint, requestMeta } from '../../lib/http.js';
import { requireSession } from '../access/access.service.js';
import { auditRead, filterOfRead } from '../audit/audited-read.js';
import {
  acknowledgeAlert,
  alertCounts,
  alertList,
  alertMailSetting,
  changeAlertMail,
  resolveAlert,
} from './alerts.service.js';

export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.route({
    ...endpoint('alerts'),
    // The list shows the answers that raised the alerts: a read of answers, audited.
    onSend: async (request, reply, payload) => {
      const { facility_id, status } = request.query;
      await auditRead(request, reply, () => ({
        action: 'alert.listed',
        targetType: 'alert',
        ...filterOfRead(facility_id, { status }),
      }));
      return payload;
    },
    handler: async (request) => alertList(ctx, requireSession(request).user, request.query),
  });

  app.route({
    ...endpoint('alertAcknowledge'),
    handler: async (request) =>
      acknowledgeAlert(
        ctx,
        requestMeta(request),
        requireSession(request).user,
        request.params.alertId,
      ),
  });

  app.route({
    ...endpoint('alertResolve'),
    handler: async (request) =>
      resolveAlert(
        ctx,
        requestMeta(request),
        requireSession(request).user,
        request.params.alertId,
        request.body.note,
      ),
  });

  app.route({
    ...endpoint('alertCounts'),
    handler: async (request) =>
      alertCounts(ctx, requireSession(request).user, request.query.facility_id),
  });

  app.route({
    ...endpoint('alertMail'),
    handler: async (request) => alertMailSetting(ctx, requireSession(request).user),
  });

  app.route({
    ...endpoint('alertMailUpdate'),
    handler: async (request) =>
      changeAlertMail(
        ctx,
        requestMeta(request),
        requireSession(request).user,
        request.body.alert_mail,
      ),
  });
};
