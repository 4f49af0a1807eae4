import { ADMIN_TEXT } from '@carevoice/shared';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { FormError } from '@/components/form-error';
import { ApiError, errorMessage } from '@/lib/api-error';

const common = ADMIN_TEXT.common;

/** Messages by top-level field (`languages.1` → `languages`), the first one of each kept. */
function byField(errors: Readonly<Record<string, unknown>>): FormErrors {
  const result: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path.split('.')[0] ?? path;
    if (field !== '' && result[field] === undefined) result[field] = String(message);
  }
  return result;
}

/** The server's field messages (a 400 naming fields), by top-level field. */
export function serverFieldErrors(error: unknown): FormErrors {
  return error instanceof ApiError ? byField(error.fieldErrors) : {};
}

/**
 * A form on `@mantine/form` that the contract's schema validates, with the schema's own
 * messages under the fields. `input` turns the form's values into what the schema reads (an
 * empty date field as null, say). `onSubmit(save)` calls `save` with the schema's output only
 * when the values pass; `refused` shows a server refusal (its field messages under the fields,
 * its message above the buttons).
 */
export function useSchemaForm<Values extends Record<string, unknown>, Output>({
  schema,
  initialValues,
  input = (values) => values,
}: {
  schema: z.ZodType<Output>;
  initialValues: Values;
  input?: (values: Values) => unknown;
}) {
  const resolve = zod4Resolver(schema, { errorPriority: 'first' });
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: (values) => byField(resolve(input(values) as Record<string, unknown>)),
  });
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = (save: (data: Output) => void) =>
    form.onSubmit((values) => {
      setFailure(null);
      save(schema.parse(input(values)));
    });
  const refused = (error: unknown) => {
    form.setErrors(serverFieldErrors(error));
    setFailure(errorMessage(error));
  };
  return { form, failure, setFailure, onSubmit, refused };
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item) => b.includes(item));
  }
  return a === b;
}

/** What an edit changed: the fields of `data` whose value differs from `current`'s. */
export function changedFields<Data extends object>(
  data: Data,
  current: Partial<Record<keyof Data, unknown>>,
): Partial<Data> {
  return Object.fromEntries(
    Object.entries(data).filter(([key, value]) => !sameValue(value, current[key as keyof Data])),
  ) as Partial<Data>;
}

/**
 * A form in a dialog: its fields, the failure above the buttons, Cancel and the submit button.
 * While it is busy the dialog stays open.
 */
export function FormModal({
  title,
  busy,
  failure,
  onClose,
  onSubmit,
  submitLabel = common.save,
  submitDisabled = false,
  submitColor,
  size = 'lg',
  below,
  children,
}: {
  title: string;
  busy: boolean;
  failure: string | null;
  onClose: () => void;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  submitLabel?: string;
  submitDisabled?: boolean;
  /** A submit that cannot be taken back simply (a discharge) in the danger colour. */
  submitColor?: string;
  size?: string;
  /** Shown between the failure and the buttons (a way out of the failure). */
  below?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Modal
      opened
      closeButtonProps={{ 'aria-label': common.close }}
      onClose={busy ? () => undefined : onClose}
      title={title}
      size={size}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {children}
          <FormError message={failure} />
          {below}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {common.cancel}
            </Button>
            <Button type="submit" loading={busy} disabled={submitDisabled} color={submitColor}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
