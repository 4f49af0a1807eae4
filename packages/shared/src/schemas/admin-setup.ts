import { z } from 'zod';

/**
 * `GET admin/setup/` (ADR 051): what the first-run checklist ticks off, counted over the
 * administrator's own facilities (not archived). Two-factor sign-in is the account's own
 * (`GET account/`).
 */
export const AdminSetupSchema = z.object({
  /** Facilities the administrator holds. */
  facilities: z.number().int().min(0),
  /** Active employees in them. */
  employees: z.number().int().min(0),
  /** Residents on their census, discharged ones included. */
  residents: z.number().int().min(0),
  /**
   * Their questionnaires (of the facilities, or of a survey set one of them offers) with a
   * version published by someone, not only the standard one a new facility starts with.
   */
  questionnaires_published: z.number().int().min(0),
  /** Other people who share one of their facilities (invited ones included). */
  staff: z.number().int().min(0),
});
export type AdminSetup = z.infer<typeof AdminSetupSchema>;
