/**
 * The HTTP side of an import, shared by the census and the staff list: an accepted file answers
 * its report (200), a refused one answers 400 with the same report and a `detail` (DESIGN §8).
 */
import type { ImportReport } from '@carevoice/shared';
import type { FastifyReply } from 'fastify';
import { importRefusal } from './admin-imports.service.js';

export function sendImportReport(reply: FastifyReply, report: ImportReport): FastifyReply {
  if (report.errors.length === 0) return reply.code(200).send(report);
  return reply.code(400).send(importRefusal(report));
}
