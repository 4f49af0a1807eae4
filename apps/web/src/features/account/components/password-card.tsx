import { ACCOUNT_TEXT, ChangePasswordRequestSchema, UI_TEXT } from '@carevoice/shared';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { FormError } from '@/components/form-error';
import { useSession } from '@/features/auth';
import { errorMessage } from '@/lib/api-error';
import { fieldErrors } from '@/lib/form';
import { useChangePassword } from '../api/change-password';
import { AccountCard } from './account-card';

const text = ACCOUNT_TEXT.password;

interface PasswordErrors {
  current_password?: string;
  new_password?: string;
}

/** A new password, given the current one; every other session is signed out. */
export function PasswordCard() {
  const change = useChangePassword(useSession().sf_user_id);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<PasswordErrors>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ChangePasswordRequestSchema.safeParse({
      current_password: current,
      new_password: next,
    });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors({ current_password: found.current_password, new_password: found.new_password });
      return;
    }
    change.mutate(parsed.data, {
      onSuccess: (answer) => {
        toast.success(answer.detail);
        setCurrent('');
        setNext('');
      },
    });
  };
  const toggle = { 'aria-label': UI_TEXT.login.showPassword };

  return (
    <AccountCard title={text.heading}>
      <Text c="dimmed">{text.help}</Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={420}>
          <PasswordInput
            label={text.current}
            autoComplete="current-password"
            value={current}
            error={errors.current_password}
            visibilityToggleFocusable
            visibilityToggleButtonProps={toggle}
            onChange={(event) => {
              setCurrent(event.currentTarget.value);
              setErrors((found) => ({ ...found, current_password: undefined }));
            }}
          />
          <PasswordInput
            label={text.new}
            description={text.newHelp}
            autoComplete="new-password"
            value={next}
            error={errors.new_password}
            visibilityToggleFocusable
            visibilityToggleButtonProps={toggle}
            onChange={(event) => {
              setNext(event.currentTarget.value);
              setErrors((found) => ({ ...found, new_password: undefined }));
            }}
          />
          <FormError message={change.isError ? errorMessage(change.error) : null} />
          <Group>
            <Button type="submit" loading={change.isPending}>
              {text.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </AccountCard>
  );
}
