import { Alert, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreatedAgency, SubAgency } from '@portal/domain/agencies';
import { ERRORS } from '@portal/domain/errors';
import { DEFAULT_REGION } from '@portal/domain/locale';
import { isApiError } from '../../../shared/api/api-error';
import { useSessionStore } from '../../../shared/stores/session-store';
import { toast } from '../../../shared/ui/message-bridge';
import { useSaveAgency, useUploadAgencyLogo } from '../api/agencies';
import type { ParentChoice } from '../tree/agency-tree';
import { AgencyFormFields } from './agency-form-fields';
import { createBodyOf, updateBodyOf, valuesOf, type AgencyValues } from './agency-form-values';
import { AgencyLogoField } from './agency-logo-field';

interface AgencyFormModalProps {
  /** The agency to edit; none to create one. */
  agency?: SubAgency;
  ownAgencyId: number;
  parents: ParentChoice[];
  onClose: () => void;
  /** A new agency was created: its super admin's temporary password is to be shown once. */
  onCreated: (created: CreatedAgency) => void;
}

/** Creates or edits a sub-agency; a refusal of the server shows on its field or above the form. */
export function AgencyFormModal({ agency, ownAgencyId, parents, onClose, onCreated }: AgencyFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AgencyValues>();
  const save = useSaveAgency();
  const upload = useUploadAgencyLogo();
  const defaultRegion = useSessionStore((s) => s.userInfo?.config.defaultRegion) ?? DEFAULT_REGION;
  const [failure, setFailure] = useState<string | null>(null);
  const [logo, setLogo] = useState<File | null>(null);

  const showFailure = (error: unknown) => {
    const fields = isApiError(error) ? fieldErrorsOf(error.data) : [];
    if (isApiError(error) && error.code === ERRORS.USERNAME_TAKEN.code) {
      form.setFields([{ name: 'superAdminUsername', errors: [error.message] }]);
    } else if (fields.length > 0) form.setFields(fields);
    else setFailure(error instanceof Error && error.message ? error.message : t('common.unknownError'));
  };

  const handleSubmit = async (values: AgencyValues) => {
    setFailure(null);
    try {
      if (agency) {
        await save.mutateAsync({ id: agency.id, body: updateBodyOf(values, agency) });
        onClose();
        return;
      }
      const created = await save.mutateAsync({ body: createBodyOf(values, ownAgencyId) });
      if (!('agency' in created)) return;
      if (logo) {
        // The agency exists either way; a refused logo is said and can be sent again from Edit.
        await upload.mutateAsync({ id: created.agency.id, file: logo }).catch((error: unknown) =>
          toast().error(
            t('agencyManager.logo.failedAfterCreate', {
              message: error instanceof Error ? error.message : '',
            }),
          ),
        );
      }
      onCreated(created);
    } catch (error) {
      showFailure(error);
    }
  };

  return (
    <Modal
      open
      title={
        agency ? t('agencyManager.form.editTitle', { name: agency.name }) : t('agencyManager.form.addTitle')
      }
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending || upload.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form<AgencyValues>
        form={form}
        layout="vertical"
        data-testid="agency-form"
        initialValues={valuesOf(agency, ownAgencyId, defaultRegion)}
        onFinish={(values) => void handleSubmit(values)}
      >
        {failure && <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />}
        <AgencyFormFields creating={!agency} parents={parents} />
        <Form.Item label={t('agencyManager.field.logo')}>
          <AgencyLogoField agency={agency} pending={logo} onPendingChange={setLogo} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const FORM_FIELDS = new Set([
  'name',
  'alias',
  'advisor',
  'contactName',
  'email',
  'allowedDomains',
  'parentId',
  'extraInfo',
  'superAdminUsername',
]);

/**
 * The validation errors of a 400 `{errors: [{path, message}]}` that name a field of the form
 * (`phone.number` and `allowedDomains.2` included), ready for `form.setFields`.
 */
function fieldErrorsOf(data: unknown): { name: keyof AgencyValues; errors: string[] }[] {
  const errors = (data as { errors?: unknown } | null | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  const out = new Map<keyof AgencyValues, string[]>();
  for (const item of errors as { path?: unknown; message?: unknown }[]) {
    if (typeof item.path !== 'string' || typeof item.message !== 'string') continue;
    const head = item.path.split('.')[0] ?? '';
    const name = head === 'phone' ? 'phone' : FORM_FIELDS.has(head) ? (head as keyof AgencyValues) : null;
    if (name) out.set(name, [...(out.get(name) ?? []), item.message]);
  }
  return [...out].map(([name, list]) => ({ name, errors: list }));
}
