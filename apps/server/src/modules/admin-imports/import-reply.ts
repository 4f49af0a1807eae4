/**
 * The HTTP side of an import, shared by the census and the staff list: an accepted file answers
 * its report (200), a refused one answers 400 with the same report and a `detail` (DESIGN §8);
 * a file that was not UTF-8 says how it was read (`encoding`).
 */
import type { ImportReport } from '@carevoice/shared';
import type { FastifyReply } from 'fastify';
import { importRefusal } from './admin-imports.service.js';

export function sendImportReport(reply: FastifyReply, report: ImportReport): FastifyReply {
  const encoding = reply.request.uploadEncoding;
  const read = encoding ? { encoding } : {};
  if (report.errors.length === 0) return reply.code(200).send({ ...report, ...read });
  return reply.code(400).send({ ...importRefusal(report), ...read });
}
