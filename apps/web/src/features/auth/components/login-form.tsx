import { LoginRequestSchema, UI_TEXT } from '@carevoice/shared';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { fieldErrors } from '@/lib/form';
import { useLogin } from '../api/login';
import { MfaStep } from './mfa-step';

const text = UI_TEXT.login;

interface LoginErrors {
  email?: string;
  password?: string;
}

/**
 * Email and password (spec §2, §5): both required, each message cleared when its field is
 * edited, no request while either is empty. Success opens Home, or for an account with
 * two-factor sign-in the code step (MfaStep); a failure shows the server's text in a red toast.
 */
export function LoginForm() {
  const navigate = useNavigate();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  /** Set when the password was right and the account asks for a second factor. */
  const [mfaToken, setMfaToken] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = LoginRequestSchema.safeParse({ username: email, password });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors({ email: found.username, password: found.password });
      return;
    }
    login.mutate(parsed.data, {
      onSuccess: (answer) => {
        if ('mfa_required' in answer) setMfaToken(answer.mfa_token);
        else void navigate(paths.home, { replace: true });
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  if (mfaToken) {
    return (
      <MfaStep
        mfaToken={mfaToken}
        password={password}
        onBack={() => {
          setMfaToken(null);
          setPassword('');
        }}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          type="email"
          label={text.email}
          autoComplete="username"
          inputMode="email"
          value={email}
          error={errors.email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setErrors((current) => ({ ...current, email: undefined }));
          }}
        />
        <PasswordInput
          label={text.password}
          autoComplete="current-password"
          value={password}
          error={errors.password}
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': text.showPassword }}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setErrors((current) => ({ ...current, password: undefined }));
          }}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to={paths.forgotPassword} fw={500}>
            {text.forgotPassword}
          </Anchor>
        </Group>
        <Button type="submit" size="lg" fullWidth loading={login.isPending}>
          {text.submit}
        </Button>
      </Stack>
    </form>
  );
}
