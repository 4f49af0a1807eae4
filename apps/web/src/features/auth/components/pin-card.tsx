import { BEDSIDE_TEXT, SetPinRequestSchema, UI_TEXT } from '@carevoice/shared';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { FormError } from '@/components/form-error';
import { AccountCard } from '@/features/account';
import { errorMessage } from '@/lib/api-error';
import { fieldErrors } from '@/lib/form';
import { useMe } from '../api/get-me';
import { useSetPin } from '../api/set-pin';
import { useSession } from '../hooks/use-session';

const text = BEDSIDE_TEXT.pin;

interface PinErrors {
  pin?: string | undefined;
  password?: string | undefined;
}

/** My account: the PIN that unlocks the tablet's lock (ADR 025), set or removed with the password. */
export function PinCard() {
  const me = useMe();
  const save = useSetPin(useSession().sf_user_id);
  const [pin, setPinValue] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<PinErrors>({});
  const pinSet = me.data?.pin_set === true;

  const send = (value: string | null) => {
    const parsed = SetPinRequestSchema.safeParse({ password, pin: value });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors({ pin: found.pin, password: found.password });
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (answer) => {
        toast.success(answer.detail);
        setPinValue('');
        setPassword('');
      },
    });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send(pin);
  };
  const toggle = { 'aria-label': UI_TEXT.login.showPassword };

  return (
    <AccountCard title={text.heading}>
      <Text c="dimmed">{text.help}</Text>
      <Text fw={500}>{pinSet ? text.isSet : text.notSet}</Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={420}>
          <PasswordInput
            label={text.pin}
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            value={pin}
            error={errors.pin}
            visibilityToggleFocusable
            visibilityToggleButtonProps={toggle}
            onChange={(event) => {
              setPinValue(event.currentTarget.value.replace(/\D/g, ''));
              setErrors((found) => ({ ...found, pin: undefined }));
            }}
          />
          <PasswordInput
            label={text.password}
            autoComplete="current-password"
            value={password}
            error={errors.password}
            visibilityToggleFocusable
            visibilityToggleButtonProps={toggle}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setErrors((found) => ({ ...found, password: undefined }));
            }}
          />
          <FormError message={save.isError ? errorMessage(save.error) : null} />
          <Group>
            <Button type="submit" loading={save.isPending}>
              {text.save}
            </Button>
            {pinSet && (
              <Button variant="default" disabled={save.isPending} onClick={() => send(null)}>
                {text.remove}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </AccountCard>
  );
}
