import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { z } from 'zod';
import { paths } from '@/config/paths';

export interface RequireFlowStateProps<S extends z.ZodType> {
  /** The navigation state this screen needs (config/flow-state.ts). */
  schema: S;
  /** Renders the screen with the parsed state. */
  children: (state: z.infer<S>) => ReactNode;
}

/**
 * The one reader of navigation state (DESIGN §6): parses `location.state` with the screen's
 * schema and renders the screen with it, or goes back to Home when it is missing or malformed
 * (a reload of a deep link, a bookmark, a hand-typed address).
 */
export function RequireFlowState<S extends z.ZodType>({
  schema,
  children,
}: RequireFlowStateProps<S>) {
  const location = useLocation();
  const parsed = schema.safeParse(location.state as unknown);
  if (!parsed.success) return <Navigate to={paths.home} replace />;
  return children(parsed.data);
}
