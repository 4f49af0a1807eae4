import { INVITATION_TEXT, NewPasswordSchema, UI_TEXT } from '@carevoice/shared';
import { Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormError } from '@/components/form-error';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-error';
import { useAcceptInvitation } from '../api/accept-invitation';

const text = INVITATION_TEXT;

/**
 * The token of the invitation link (`/accept-invitation#token=…`). It travels in the fragment,
 * which browsers never send to a server, and it leaves the address bar as soon as it is read.
 */
function tokenFromAddress(): string | null {
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const token = fragment.get('token')?.trim();
  return token ? token : null;
}

/** Whether a failure means the link itself is dead (unknown, used, revoked, expired). */
function isDeadLink(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.kind !== 'http' || error.status !== 400) return false;
  return (
    error.fieldErrors.token !== undefined ||
    error.serverMessage === text.invitationInvalid ||
    error.serverMessage === text.invitationExpired
  );
}

/**
 * The invitee's page (DESIGN §8): a new password, twice, sent with the token from the link; then
 * a way to sign in. A link that does not work (any more) says why and what to do.
 */
export function AcceptInvitation() {
  const [token] = useState(tokenFromAddress);
  const accept = useAcceptInvitation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});

  // Out of the address bar (and so of the history and of anything copied from it) at once.
  useEffect(() => {
    if (window.location.hash === '') return;
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${window.location.search}`,
    );
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!token) return;
    const parsed = NewPasswordSchema.safeParse(password);
    const found = {
      password: parsed.success ? undefined : parsed.error.issues[0]?.message,
      repeat: parsed.success && repeat !== password ? text.passwordsDiffer : undefined,
    };
    if (found.password || found.repeat) {
      setErrors(found);
      return;
    }
    accept.mutate({ token, password });
  };

  const signIn = (
    <Button component={Link} to={paths.login} size="lg">
      {text.signIn}
    </Button>
  );

  if (accept.isSuccess) {
    return (
      <Stack gap="md">
        <Title order={1}>{text.acceptedHeading}</Title>
        <Text role="status">{accept.data.detail}</Text>
        {signIn}
      </Stack>
    );
  }

  const deadLink = !token
    ? text.noToken
    : isDeadLink(accept.error)
      ? deadLinkMessage(accept.error)
      : null;
  if (deadLink) {
    return (
      <Stack gap="md">
        <Title order={1}>{text.acceptHeading}</Title>
        <Text role="alert" c="var(--mantine-color-error)" fw={500}>
          {deadLink}
        </Text>
        {signIn}
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1}>{text.acceptHeading}</Title>
        <Text>{text.acceptIntro}</Text>
        <PasswordInput
          label={text.newPassword}
          description={text.newPasswordHint}
          autoComplete="new-password"
          value={password}
          error={errors.password}
          disabled={accept.isPending}
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': UI_TEXT.login.showPassword }}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setErrors({});
          }}
        />
        <PasswordInput
          label={text.repeatPassword}
          autoComplete="new-password"
          value={repeat}
          error={errors.repeat}
          disabled={accept.isPending}
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': UI_TEXT.login.showPassword }}
          onChange={(event) => {
            setRepeat(event.currentTarget.value);
            setErrors((current) => ({ ...current, repeat: undefined }));
          }}
        />
        <FormError message={accept.isError ? errorMessage(accept.error) : null} />
        <Button type="submit" size="lg" loading={accept.isPending}>
          {text.setPassword}
        </Button>
      </Stack>
    </form>
  );
}

function deadLinkMessage(error: unknown): string {
  if (error instanceof ApiError && error.fieldErrors.token !== undefined) {
    return text.invitationInvalid;
  }
  return errorMessage(error);
}
