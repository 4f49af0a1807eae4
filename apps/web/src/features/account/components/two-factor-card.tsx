import {
  MfaDisableRequestSchema,
  MfaEnableRequestSchema,
  MfaSetupRequestSchema,
  ACCOUNT_TEXT,
  UI_TEXT,
  type MfaSetupResponse,
} from '@carevoice/shared';
import { Alert, Box, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { FormError } from '@/components/form-error';
import { errorMessage } from '@/lib/api-error';
import { fieldErrors } from '@/lib/form';
import { useDisableMfa } from '../api/disable-mfa';
import { useEnableMfa } from '../api/enable-mfa';
import { useSetupMfa } from '../api/setup-mfa';
import { AccountCard } from './account-card';
import { QrCode } from './qr-code';

const text = ACCOUNT_TEXT.twoFactor;

/** A setup under way: the new secret, and the password that started it (enabling needs it). */
interface PendingSetup {
  setup: MfaSetupResponse;
  password: string;
}

/**
 * Two-factor sign-in with an authenticator app: turn on (the password, QR code, first code,
 * recovery codes shown once) or off (password and a code).
 */
export function TwoFactorCard({ enabled, required }: { enabled: boolean; required: boolean }) {
  const [setup, setSetup] = useState<PendingSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [turningOn, setTurningOn] = useState(false);

  let body;
  if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  } else if (setup) {
    body = (
      <ConfirmSetup
        pending={setup}
        onCancel={() => setSetup(null)}
        onEnabled={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
        }}
      />
    );
  } else if (enabled) {
    body = turningOff ? (
      <TurnOff onDone={() => setTurningOff(false)} />
    ) : (
      <Group>
        <Button variant="default" onClick={() => setTurningOff(true)}>
          {text.turnOff}
        </Button>
      </Group>
    );
  } else if (turningOn) {
    body = (
      <StartSetup
        onCancel={() => setTurningOn(false)}
        onStarted={(started) => {
          setTurningOn(false);
          setSetup(started);
        }}
      />
    );
  } else {
    body = (
      <Group>
        <Button onClick={() => setTurningOn(true)}>{text.turnOn}</Button>
      </Group>
    );
  }

  return (
    <AccountCard title={text.heading}>
      <Text>{enabled ? text.on : text.off}</Text>
      {required && !enabled ? (
        <Alert color="yellow" variant="light">
          {text.required}
        </Alert>
      ) : null}
      {body}
    </AccountCard>
  );
}

/** The current password starts a setup (a session alone may not change the second factor). */
function StartSetup({
  onCancel,
  onStarted,
}: {
  onCancel: () => void;
  onStarted: (pending: PendingSetup) => void;
}) {
  const start = useSetupMfa();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = MfaSetupRequestSchema.safeParse({ password });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).password);
      return;
    }
    start.mutate(parsed.data, {
      onSuccess: (setup) => onStarted({ setup, password: parsed.data.password }),
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={420}>
        <Text>{text.turnOnHelp}</Text>
        <PasswordInput
          label={text.password}
          autoComplete="current-password"
          value={password}
          error={error}
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': UI_TEXT.login.showPassword }}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setError(undefined);
          }}
        />
        <Group>
          <Button type="submit" loading={start.isPending}>
            {text.start}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {text.cancel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ConfirmSetup({
  pending,
  onCancel,
  onEnabled,
}: {
  pending: PendingSetup;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const { setup, password } = pending;
  const enable = useEnableMfa();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = MfaEnableRequestSchema.safeParse({ code, password });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).code);
      return;
    }
    enable.mutate(parsed.data, {
      onSuccess: (answer) => onEnabled(answer.recovery_codes),
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{text.scan}</Text>
        <QrCode value={setup.otpauth_url} label={text.qrLabel} />
        <Stack gap={4}>
          <Text size="sm">{text.secretLabel}</Text>
          <Text ff="monospace" fz="lg" style={{ wordBreak: 'break-all' }}>
            {setup.secret}
          </Text>
        </Stack>
        <TextInput
          label={text.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maw={240}
          value={code}
          error={error}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setError(undefined);
          }}
        />
        <Group>
          <Button type="submit" loading={enable.isPending}>
            {text.confirm}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {text.cancel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  return (
    <Stack gap="md">
      {/* The title in the body's colour: Mantine's green on its light green is 3.8:1 (axe). */}
      <Alert
        color="green"
        variant="light"
        title={text.enabled}
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        {text.recoveryHelp}
      </Alert>
      <Text fw={600}>{text.recoveryHeading}</Text>
      <Box
        component="ul"
        aria-label={text.recoveryHeading}
        m={0}
        pl="lg"
        style={{ columns: 2, fontFamily: 'monospace', fontSize: 'var(--mantine-font-size-lg)' }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Group>
        <Button onClick={onDone}>{text.recoveryDone}</Button>
      </Group>
    </Stack>
  );
}

interface TurnOffErrors {
  password?: string;
  code?: string;
}

function TurnOff({ onDone }: { onDone: () => void }) {
  const disable = useDisableMfa();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<TurnOffErrors>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = MfaDisableRequestSchema.safeParse({ password, code });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors({ password: found.password, code: found.code });
      return;
    }
    disable.mutate(parsed.data, {
      onSuccess: (answer) => {
        toast.success(answer.detail);
        onDone();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={420}>
        <Text>{text.turnOffHelp}</Text>
        <PasswordInput
          label={text.password}
          autoComplete="current-password"
          value={password}
          error={errors.password}
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': UI_TEXT.login.showPassword }}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setErrors((found) => ({ ...found, password: undefined }));
          }}
        />
        <TextInput
          label={text.codeOrRecovery}
          autoComplete="one-time-code"
          value={code}
          error={errors.code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setErrors((found) => ({ ...found, code: undefined }));
          }}
        />
        <FormError message={disable.isError ? errorMessage(disable.error) : null} />
        <Group>
          <Button type="submit" color="red" loading={disable.isPending}>
            {text.turnOff}
          </Button>
          <Button variant="default" onClick={onDone}>
            {text.cancel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
