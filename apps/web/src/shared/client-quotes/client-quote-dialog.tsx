import { Alert, Button, Form, Input, Modal, Radio, Select } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientQuote, ClientQuoteSource } from '@portal/domain/api/client-quotes';
import {
  MAX_QUOTE_NOTE,
  MAX_QUOTE_TRAVELLER_NAME,
  SERVICE_FEE_MODES,
  validateServiceFee,
  type QuotedFare,
  type ServiceFeeMode,
} from '@portal/domain/client-quote';
import { isCurrency } from '@portal/domain/currency';
import { LOCALES, type Locale } from '@portal/domain/locale';
import { isApiError } from '../api/api-error';
import { useLocale } from '../stores/subject';
import { createClientQuote } from './client-quotes-api';
import { ClientQuoteCreated } from './client-quote-created';

interface FormValues {
  feeMode: ServiceFeeMode;
  fee: string;
  travellerName?: string;
  note?: string;
  language: Locale;
}

export interface ClientQuoteDialogProps {
  open: boolean;
  source: ClientQuoteSource;
  /** The quote's currency: the fee is typed in it. */
  currency: string;
  /** What the fee is checked against (passengers, and what the agency pays for them). */
  fare: QuotedFare;
  onClose: () => void;
}

/** The field errors an API refusal names (`data.errors`), for the form. */
function fieldErrorsOf(error: unknown): { path: string; message: string }[] {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return [];
  const errors = (error.data as { errors?: unknown }).errors;
  return Array.isArray(errors)
    ? errors.filter((e): e is { path: string; message: string } => typeof e?.path === 'string')
    : [];
}

/**
 * "Quote for client": the agent's service fee (per passenger or per booking, in the quote's
 * currency), the traveller's name, a note and the document's language; once made, the link to
 * send with a copy button, the PDF and the validity.
 */
export function ClientQuoteDialog({ open, source, currency, fare, onClose }: ClientQuoteDialogProps) {
  const { t } = useTranslation();
  const uiLocale = useLocale();
  const [form] = Form.useForm<FormValues>();
  const [created, setCreated] = useState<ClientQuote | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const handleClose = () => {
    setCreated(null);
    setFailed(null);
    attempt.current = null;
    form.resetFields();
    onClose();
  };

  const handleFinish = (values: FormValues) => {
    const body = {
      source,
      serviceFee: {
        mode: values.feeMode,
        amount: { amount: values.fee.trim(), currency: isCurrency(currency) ? currency : 'CNY' },
      },
      travellerName: values.travellerName?.trim() || null,
      note: values.note?.trim() || null,
      language: values.language,
    };
    const text = JSON.stringify(body);
    // The same form sent again (a retry after a lost answer) keeps its key: one quote, not two.
    if (attempt.current?.body !== text) attempt.current = { body: text, key: crypto.randomUUID() };
    setFailed(null);
    setBusy(true);
    createClientQuote(body, attempt.current.key)
      .then(setCreated)
      .catch((error: unknown) => {
        const fields = fieldErrorsOf(error);
        const onFee = fields.filter((f) => f.path.startsWith('serviceFee'));
        if (onFee.length > 0) form.setFields([{ name: 'fee', errors: onFee.map((f) => f.message) }]);
        else setFailed(error instanceof Error && error.message ? error.message : t('common.unknownError'));
      })
      .finally(() => setBusy(false));
  };

  const feeRule = {
    validator: async (_: unknown, value: unknown) => {
      const mode = form.getFieldValue('feeMode') as ServiceFeeMode;
      const [problem] = validateServiceFee(typeof value === 'string' ? value : '', mode, currency, fare);
      if (problem) throw new Error(t(problem.key, problem.params));
    },
  };

  return (
    <Modal
      open={open}
      title={t('clientQuotes.dialogTitle')}
      onCancel={handleClose}
      destroyOnHidden
      footer={null}
      data-testid="client-quote-dialog"
    >
      {created ? (
        <ClientQuoteCreated quote={created} />
      ) : (
        <Form<FormValues>
          form={form}
          layout="vertical"
          initialValues={{ feeMode: 'per_passenger', fee: '0', language: uiLocale }}
          onFinish={handleFinish}
        >
          <Form.Item name="feeMode" label={t('clientQuotes.fee')}>
            <Radio.Group
              optionType="button"
              options={SERVICE_FEE_MODES.map((mode) => ({
                value: mode,
                label: t(`clientQuotes.feeMode.${mode}`),
              }))}
              onChange={() => void form.validateFields(['fee']).catch(() => undefined)}
            />
          </Form.Item>
          <Form.Item name="fee" extra={t('clientQuotes.feeHelp')} rules={[feeRule]} validateFirst>
            <Input addonBefore={currency} inputMode="decimal" aria-label={t('clientQuotes.fee')} />
          </Form.Item>
          <Form.Item
            name="travellerName"
            label={t('clientQuotes.travellerName')}
            rules={[
              {
                max: MAX_QUOTE_TRAVELLER_NAME,
                message: t('clientQuotes.validation.travellerNameLength', { max: MAX_QUOTE_TRAVELLER_NAME }),
              },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="note"
            label={t('clientQuotes.note')}
            rules={[
              {
                max: MAX_QUOTE_NOTE,
                message: t('clientQuotes.validation.noteLength', { max: MAX_QUOTE_NOTE }),
              },
            ]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
          <Form.Item name="language" label={t('clientQuotes.language')}>
            <Select options={LOCALES.map((l) => ({ value: l, label: t(`clientQuotes.languages.${l}`) }))} />
          </Form.Item>
          {failed && <Alert type="error" showIcon role="alert" title={failed} style={{ marginBottom: 12 }} />}
          <Button type="primary" htmlType="submit" loading={busy} data-testid="client-quote-create">
            {t('clientQuotes.create')}
          </Button>
        </Form>
      )}
    </Modal>
  );
}
