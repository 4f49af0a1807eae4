import { useEffect, useReducer } from 'react';
import { useNavigate } from 'react-router';
import { PASSWORD_RESET_REDIRECT_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { NewPasswordForm } from './new-password-form';
import { RequestCodeForm } from './request-code-form';
import { initialResetState, resetPasswordReducer } from './reset-password-reducer';

/** The two-step password reset (spec §2, §4); Login opens 2 s after the password is set. */
export function ForgotPassword() {
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(resetPasswordReducer, initialResetState);

  const passwordUpdated = state.step === 'confirm' && state.passwordUpdated;
  useEffect(() => {
    if (!passwordUpdated) return;
    const timer = setTimeout(
      () => navigate(paths.login, { replace: true }),
      PASSWORD_RESET_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [passwordUpdated, navigate]);

  if (state.step === 'request') {
    return (
      <RequestCodeForm
        initialEmail={state.email}
        onRequested={(email, resetId) => dispatch({ type: 'codeRequested', email, resetId })}
      />
    );
  }
  return (
    <NewPasswordForm
      resetId={state.resetId}
      done={state.passwordUpdated}
      onBack={() => dispatch({ type: 'backToRequest' })}
      onUpdated={() => dispatch({ type: 'passwordUpdated' })}
    />
  );
}
