import {
  ADMIN_TEXT,
  AdminEmployeeCreateRequestSchema,
  type AdminEmployee,
  type AdminEmployeeCreateRequest,
} from '@carevoice/shared';
import { Checkbox, SimpleGrid, TextInput } from '@mantine/core';
import { toast } from '@/lib/toast';
import { changedFields, FormModal, useSchemaForm } from '@/components/back-office/schema-form';
import { useCreateEmployee } from '../api/create-employee';
import { useUpdateEmployee } from '../api/update-employee';

const text = ADMIN_TEXT.census;

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
  const busy = create.isPending || update.isPending;
  const { form, failure, onSubmit, refused } = useSchemaForm({
    schema: AdminEmployeeCreateRequestSchema,
    initialValues: {
      employee_code: employee?.employee_code ?? '',
      name: employee?.name ?? '',
      department: employee?.department ?? '',
      position: employee?.position ?? '',
      email: employee?.email ?? '',
      active: employee?.active ?? true,
    },
  });

  const save = (data: AdminEmployeeCreateRequest) => {
    if (busy) return;
    const saved = (message: string) => () => {
      toast.success(message);
      onClose();
    };
    if (employee === null) {
      create.mutate(data, { onSuccess: saved(text.employeeCreated), onError: refused });
      return;
    }
    update.mutate(
      { id: employee.id, body: { ...changedFields(data, employee), version: employee.version } },
      { onSuccess: saved(text.employeeSaved), onError: refused },
    );
  };

  return (
    <FormModal
      title={employee ? text.editEmployee : text.addEmployee}
      busy={busy}
      failure={failure}
      onClose={onClose}
      onSubmit={onSubmit(save)}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={text.employeeCode}
          {...form.getInputProps('employee_code')}
          required
          data-autofocus
        />
        <TextInput label={text.name} {...form.getInputProps('name')} required />
        <TextInput label={text.department} {...form.getInputProps('department')} required />
        <TextInput label={text.position} {...form.getInputProps('position')} required />
      </SimpleGrid>
      <TextInput type="email" label={text.emailOptional} {...form.getInputProps('email')} />
      <Checkbox label={text.active} {...form.getInputProps('active', { type: 'checkbox' })} />
    </FormModal>
  );
}
