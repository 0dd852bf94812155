import { Button, Drawer, Form, Modal, Space, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERRORS } from '@portal/domain/errors';
import { isApiError } from '../../../shared/api/api-error';
import { toast } from '../../../shared/ui/message-bridge';
import { QueryError } from '../../../shared/ui/query-error';
import { useAgencySettings, useSaveAgencySettings } from './api/agency-settings';
import { SettingsForm } from './components/settings-form';
import {
  checkSettings,
  fieldOf,
  serverPath,
  toBody,
  toFormValues,
  type FieldPath,
  type SettingsValues,
} from './model/settings-form';

export interface AgencySettingsDrawerProps {
  agencyId: number;
  agencyName: string;
  open: boolean;
  onClose: () => void;
}

/** The API's field errors of a refused save (`data.errors`), or [] when it gave none. */
function fieldErrors(error: unknown): { path: string; message: string }[] {
  if (!isApiError(error)) return [];
  const errors = (error.data as { errors?: unknown } | null | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (e): e is { path: string; message: string } =>
      typeof e === 'object' &&
      e !== null &&
      typeof (e as { path?: unknown }).path === 'string' &&
      typeof (e as { message?: unknown }).message === 'string',
  );
}

/**
 * Every setting of a direct sub-agency (spec §3 agency config) and its effective price chain, in a
 * drawer: checked with the API's schema before saving, saved with PUT, and closing with unsaved
 * changes asks first.
 */
export function AgencySettingsDrawer({ agencyId, agencyName, open, onClose }: AgencySettingsDrawerProps) {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const message = toast();
  const [form] = Form.useForm<SettingsValues>();
  const query = useAgencySettings(agencyId, open);
  const save = useSaveAgencySettings(agencyId);
  const [problems, setProblems] = useState<string[]>([]);
  const initialValues = useMemo(() => (query.data ? toFormValues(query.data) : null), [query.data]);

  /** Shows `errors` on their fields (paths the schema or the API named, typed as the form's own). */
  const markFields = (errors: { name: FieldPath; errors: string[] }[]) =>
    form.setFields(errors as Parameters<typeof form.setFields>[0]);

  const isDirty = () => {
    if (!initialValues) return false;
    const current = JSON.stringify(toBody(form.getFieldsValue(true) as SettingsValues));
    return current !== JSON.stringify(toBody(initialValues));
  };

  const close = () => {
    setProblems([]);
    save.reset();
    onClose();
  };

  const handleClose = () => {
    if (!isDirty()) return close();
    void modal.confirm({
      title: t('agencySettings.unsaved.title'),
      content: t('agencySettings.unsaved.text'),
      okText: t('agencySettings.unsaved.discard'),
      okButtonProps: { danger: true },
      cancelText: t('agencySettings.unsaved.keep'),
      onOk: close,
    });
  };

  const handleFinish = (values: SettingsValues) => {
    setProblems([]);
    const check = checkSettings(values);
    if (!check.ok) {
      markFields(
        check.problems.flatMap((p) => (p.field ? [{ name: p.field, errors: [t(p.key, p.values)] }] : [])),
      );
      setProblems(check.problems.filter((p) => !p.field).map((p) => t(p.key, p.values)));
      return;
    }
    save.mutate(check.body, {
      // The cached settings become the answer, so the form starts again from what was stored.
      onSuccess: () => {
        void message.success(t('agencySettings.saved'));
      },
      onError: (error) => {
        // A currency the wallet still holds money in is refused for the currency field itself.
        const located =
          isApiError(error) && error.code === ERRORS.SETTLEMENT_CURRENCY_LOCKED.code
            ? [{ path: 'common.settlementCurrency', message: error.message }]
            : fieldErrors(error);
        const onFields = located.map((e) => ({
          ...e,
          field: fieldOf(values, serverPath(e.path)),
        }));
        markFields(onFields.flatMap((e) => (e.field ? [{ name: e.field, errors: [e.message] }] : [])));
        const elsewhere = onFields.filter((e) => !e.field).map((e) => e.message);
        const fallback = error.message || t('common.unknownError');
        setProblems(
          onFields.length > 0 && elsewhere.length === 0
            ? [t('agencySettings.fixErrors')]
            : [fallback, ...elsewhere],
        );
      },
    });
  };

  return (
    <Drawer
      open={open}
      onClose={handleClose}
      title={t('agencySettings.title', { name: agencyName })}
      size={760}
      destroyOnHidden
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={handleClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            onClick={() => form.submit()}
            loading={save.isPending}
            disabled={!initialValues}
          >
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {modalHolder}
      {query.isPending ? (
        <Spin aria-label={t('common.loadingIndicator')} />
      ) : query.isError ? (
        <QueryError
          title={t('agencySettings.loadFailed')}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        initialValues && (
          <SettingsForm
            key={`${agencyId}:${query.dataUpdatedAt}`}
            agencyId={agencyId}
            form={form}
            initialValues={initialValues}
            problems={problems}
            onFinish={handleFinish}
          />
        )
      )}
    </Drawer>
  );
}
