import { LoginMfaRequestSchema, UI_TEXT } from '@carevoice/shared';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { fieldErrors } from '@/lib/form';
import { useLoginWithCode } from '../api/login-mfa';

const text = UI_TEXT.loginMfa;

/**
 * Step two of signing in for a user with two-factor sign-in (DESIGN §8): the code from the
 * authenticator app, or a recovery code. What the server says (a wrong code, a step one that ran
 * out) is shown under the field; Back returns to the password.
 */
export function MfaStep({
  mfaToken,
  password,
  onBack,
}: {
  mfaToken: string;
  /** Step one's password, kept for unlocking the tablet without a connection (ADR 035). */
  password: string;
  onBack: () => void;
}) {
  const navigate = useNavigate();
  const verify = useLoginWithCode(password);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = LoginMfaRequestSchema.safeParse({ mfa_token: mfaToken, code });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).code);
      return;
    }
    verify.mutate(parsed.data, {
      onSuccess: () => navigate(paths.home, { replace: true }),
      // A wrong code, or a step one that ran out (the text says to start again: Back).
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={2}>{text.heading}</Title>
        <Text>{text.help}</Text>
        <TextInput
          label={text.code}
          autoComplete="one-time-code"
          autoFocus
          value={code}
          error={error}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setError(undefined);
          }}
        />
        <Group justify="space-between">
          <Button variant="default" onClick={onBack}>
            {text.back}
          </Button>
          <Button type="submit" size="lg" loading={verify.isPending}>
            {text.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
