import type { z } from 'zod';

/** The first message per top-level field of a failed zod parse, for showing under the fields. */
export function fieldErrors(error: z.ZodError): Partial<Record<string, string>> {
  const result: Partial<Record<string, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && result[field] === undefined) result[field] = issue.message;
  }
  return result;
}
