import { ForgotPassword } from '@/features/auth/components/forgot-password';

/** /forgot-password — outside the guard. */
export default function ForgotPasswordRoute() {
  return <ForgotPassword />;
}
