import { IdSchema } from '@carevoice/shared';
import { z } from 'zod';
import { FacilityFlowStateSchema } from '@/lib/flow-state';

/** The recognition certificate: whose, and the period of the comments. */
export const CertificateFlowStateSchema = FacilityFlowStateSchema.extend({
  employee_id: IdSchema,
  from: z.string().optional(),
  to: z.string().optional(),
});
