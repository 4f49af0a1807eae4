import {
  ADMIN_TEXT,
  AdminEmployeeCreateRequestSchema,
  type AdminEmployee,
  type AdminEmployeeCreateRequest,
} from '@carevoice/shared';
import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { FormError } from '@/components/form-error';
import { ApiError, errorMessage } from '@/lib/api-error';
import { fieldErrors } from '@/lib/form';
import { useCreateEmployee } from '../api/create-employee';
import { useUpdateEmployee } from '../api/update-employee';

const text = ADMIN_TEXT.census;
const common = ADMIN_TEXT.common;

interface Values {
  employee_code: string;
  name: string;
  department: string;
  position: string;
  email: string;
  active: boolean;
}

function initialValues(employee: AdminEmployee | null): Values {
  return {
    employee_code: employee?.employee_code ?? '',
    name: employee?.name ?? '',
    department: employee?.department ?? '',
    position: employee?.position ?? '',
    email: employee?.email ?? '',
    active: employee?.active ?? true,
  };
}

/**
 * Add or edit an employee: code (no "-"), name, department, position, optional email and the
 * active flag (only active employees can be acknowledged). Saved at the version the list showed.
 */
export function EmployeeFormModal({
  facilityId,
  employee,
  onClose,
}: {
  facilityId: string;
  /** The employee to edit; null to add one. */
  employee: AdminEmployee | null;
  onClose: () => void;
}) {
  const create = useCreateEmployee(facilityId);
  const update = useUpdateEmployee(facilityId);
  const [values, setValues] = useState<Values>(() => initialValues(employee));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const showFailure = (error: unknown) => {
    if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
      setErrors(error.fieldErrors);
    }
    setFailure(errorMessage(error));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const parsed = AdminEmployeeCreateRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    const saved = (message: string) => () => {
      toast.success(message);
      onClose();
    };
    if (employee === null) {
      create.mutate(parsed.data, { onSuccess: saved(text.employeeCreated), onError: showFailure });
      return;
    }
    const changes: Partial<AdminEmployeeCreateRequest> = {};
    for (const key of Object.keys(parsed.data) as (keyof AdminEmployeeCreateRequest)[]) {
      if (parsed.data[key] !== employee[key]) Object.assign(changes, { [key]: parsed.data[key] });
    }
    update.mutate(
      { id: employee.id, body: { ...changes, version: employee.version } },
      { onSuccess: saved(text.employeeSaved), onError: showFailure },
    );
  };

  const input = (field: 'employee_code' | 'name' | 'department' | 'position', label: string) => (
    <TextInput
      label={label}
      value={values[field]}
      onChange={(event) => set(field, event.currentTarget.value)}
      error={errors[field]}
      required
      data-autofocus={field === 'employee_code' ? true : undefined}
    />
  );

  return (
    <Modal
      closeButtonProps={{ 'aria-label': text.close }}
      opened
      onClose={busy ? () => undefined : onClose}
      title={employee ? text.editEmployee : text.addEmployee}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {input('employee_code', text.employeeCode)}
            {input('name', text.name)}
            {input('department', text.department)}
            {input('position', text.position)}
          </SimpleGrid>
          <TextInput
            type="email"
            label={text.emailOptional}
            value={values.email}
            onChange={(event) => set('email', event.currentTarget.value)}
            error={errors.email}
          />
          <Checkbox
            label={text.active}
            checked={values.active}
            onChange={(event) => set('active', event.currentTarget.checked)}
          />
          <FormError message={failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {common.cancel}
            </Button>
            <Button type="submit" loading={busy}>
              {common.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
