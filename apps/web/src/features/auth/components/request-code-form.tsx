import { ResetRequestSchema, UI_TEXT } from '@carevoice/shared';
import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormError } from '@/components/form-error';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { useRequestPasswordReset } from '../api/request-password-reset';

const text = UI_TEXT.forgotPassword;

/** Step 1 'Forget Password': the email to send a code to. */
export function RequestCodeForm({
  initialEmail,
  onRequested,
}: {
  initialEmail: string;
  onRequested: (email: string, resetId: string) => void;
}) {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ResetRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    request.mutate(parsed.data, {
      onSuccess: (data) => onRequested(parsed.data.email, data.user_id),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1}>{text.requestHeading}</Title>
        <TextInput
          type="email"
          label={text.email}
          description={text.emailHelp}
          autoComplete="email"
          inputMode="email"
          value={email}
          error={fieldError}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setFieldError(null);
          }}
        />
        <FormError message={request.isError ? errorMessage(request.error) : null} />
        <Group grow>
          <Button component={Link} to={paths.login} variant="default" size="lg">
            {text.back}
          </Button>
          <Button type="submit" size="lg" loading={request.isPending}>
            {text.send}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
