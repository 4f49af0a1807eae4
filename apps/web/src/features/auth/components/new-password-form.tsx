import { MESSAGES, OTP_LENGTH, ResetConfirmSchema, UI_TEXT } from '@carevoice/shared';
import { Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { FormError } from '@/components/form-error';
import { errorMessage } from '@/lib/api-error';
import { fieldErrors } from '@/lib/form';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';

const text = UI_TEXT.forgotPassword;

interface NewPasswordErrors {
  otp?: string;
  password?: string;
}

/** Step 2 'Generate Password': the mailed code and the new password. */
export function NewPasswordForm({
  resetId,
  done,
  onBack,
  onUpdated,
}: {
  resetId: string;
  /** The password is set; the form stays on screen, inert, until Login opens. */
  done: boolean;
  onBack: () => void;
  onUpdated: () => void;
}) {
  const confirm = useConfirmPasswordReset();
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<NewPasswordErrors>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ResetConfirmSchema.safeParse({ otp, password, user_id: resetId });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors({ otp: found.otp, password: found.password });
      return;
    }
    confirm.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(MESSAGES.passwordUpdated);
        onUpdated();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1}>{text.confirmHeading}</Title>
        <Text>{MESSAGES.resetCodeSent}</Text>
        <TextInput
          label={text.otp}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={otp}
          error={errors.otp}
          disabled={done}
          onChange={(event) => {
            setOtp(event.currentTarget.value.replace(/\D/g, '').slice(0, OTP_LENGTH));
            setErrors((current) => ({ ...current, otp: undefined }));
          }}
        />
        <PasswordInput
          label={text.newPassword}
          description={text.newPasswordHelp}
          autoComplete="new-password"
          value={password}
          error={errors.password}
          disabled={done}
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': UI_TEXT.login.showPassword }}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setErrors((current) => ({ ...current, password: undefined }));
          }}
        />
        <FormError message={confirm.isError ? errorMessage(confirm.error) : null} />
        <Group grow>
          <Button variant="default" size="lg" onClick={onBack} disabled={done}>
            {text.back}
          </Button>
          <Button type="submit" size="lg" loading={confirm.isPending} disabled={done}>
            {text.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
