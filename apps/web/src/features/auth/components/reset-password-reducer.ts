/**
 * The steps of a password reset (spec §4): ask for a code by email, then set a new password with
 * the code; once it is set, the step stays on screen (inert) until Login opens. The email is kept
 * so Back from the second step shows it again.
 */
export type ResetState =
  | { step: 'request'; email: string }
  | { step: 'confirm'; email: string; resetId: string; passwordUpdated: boolean };

export type ResetAction =
  | { type: 'codeRequested'; email: string; resetId: string }
  | { type: 'backToRequest' }
  | { type: 'passwordUpdated' };

export const initialResetState: ResetState = { step: 'request', email: '' };

export function resetPasswordReducer(state: ResetState, action: ResetAction): ResetState {
  switch (action.type) {
    case 'codeRequested':
      return {
        step: 'confirm',
        email: action.email,
        resetId: action.resetId,
        passwordUpdated: false,
      };
    case 'backToRequest':
      return state.step === 'confirm' && !state.passwordUpdated
        ? { step: 'request', email: state.email }
        : state;
    case 'passwordUpdated':
      return state.step === 'confirm' ? { ...state, passwordUpdated: true } : state;
  }
}
