import { Alert, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  involuntaryRefundNeedsDocument,
  REFUND_REASONS,
  refundReasonKey,
  type RefundRequest,
  type SupportingDocument,
} from '@portal/domain/after-sales';
import { ERRORS } from '@portal/domain/errors';
import { useRequestRefund } from '../api/after-sales';
import { refundSubOptions, voluntaryRefusal } from '../lib/after-sales';
import { DocumentUpload } from './document-upload';
import { PassengerPicker, SegmentPicker } from './selection-tables';
import { useOpenCreatedOrder, type AfterSalesDialogProps } from './after-sales-dialog';

interface RefundForm {
  reason?: number;
  subOption?: string;
  remark?: string;
}

/**
 * Refund request of an issued order: the tickets (passengers and segments), a reason of spec §9
 * with its sub-option where it has them, supporting documents and a remark. Sent, it opens the
 * new refund order. An involuntary reason on an order the supplier recorded no disruption for
 * says so under the reason and requires a document, as the API does.
 */
export function RefundDialog({ order, open, onClose }: AfterSalesDialogProps) {
  const { t } = useTranslation();
  const openCreated = useOpenCreatedOrder(onClose);
  const [form] = Form.useForm<RefundForm>();
  // Kept beside the form, not watched through it: the sub-option field depends on it at once.
  const [reason, setReason] = useState<number | undefined>(undefined);
  const subOptions = refundSubOptions(reason);
  const [passengerIds, setPassengerIds] = useState<string[]>([]);
  const [segmentIndexes, setSegmentIndexes] = useState<number[]>([]);
  const [tried, setTried] = useState(false);
  const [documents, setDocuments] = useState<SupportingDocument[]>([]);
  const [uploading, setUploading] = useState(false);
  const refund = useRequestRefund(order.id);
  const needsDocument =
    reason !== undefined && involuntaryRefundNeedsDocument(reason, order.disruptionOnRecord === true);
  const documentMissing = needsDocument && documents.length === 0;
  // A fare that refunds nothing voluntarily now leaves the airline's own reasons only.
  const fareRefusal = voluntaryRefusal(order, 'refund');

  const submit = async () => {
    setTried(true);
    const values = await form.validateFields().catch(() => null);
    if (!values || values.reason === undefined || passengerIds.length === 0 || segmentIndexes.length === 0)
      return;
    if (documentMissing) return;
    const remark = values.remark?.trim();
    const body: RefundRequest = {
      selection: { passengerIds, segmentIndexes },
      reason: { value: values.reason, ...(values.subOption ? { subOption: values.subOption } : {}) },
      documentIds: documents.map((d) => d.id),
      ...(remark ? { remark } : {}),
    };
    refund.mutate(body, { onSuccess: openCreated });
  };

  return (
    <Modal
      open={open}
      title={t('afterSales.refund.title')}
      width={760}
      destroyOnHidden
      okText={t('afterSales.refund.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: uploading, loading: refund.isPending, 'data-testid': 'refund-submit' }}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <div data-testid="refund-dialog">
        <PassengerPicker
          passengers={order.passengers}
          value={passengerIds}
          onChange={setPassengerIds}
          error={tried && passengerIds.length === 0 ? t('afterSales.form.choosePassenger') : null}
        />
        <SegmentPicker
          segments={order.segments}
          value={segmentIndexes}
          onChange={setSegmentIndexes}
          error={tried && segmentIndexes.length === 0 ? t('afterSales.form.chooseSegment') : null}
        />
        <Form<RefundForm> form={form} layout="vertical">
          <Form.Item
            name="reason"
            label={t('afterSales.form.reason')}
            rules={[{ required: true, message: t('afterSales.form.reasonRequired') }]}
            extra={
              needsDocument || fareRefusal ? (
                <>
                  {fareRefusal && <div data-testid="refund-fare-refusal">{t(fareRefusal.key)}</div>}
                  {needsDocument && (
                    <div data-testid="refund-involuntary-hint">{t(ERRORS.REFUND_DOCUMENT_REQUIRED.key)}</div>
                  )}
                </>
              ) : undefined
            }
          >
            <Select
              data-testid="refund-reason"
              aria-label={t('afterSales.form.reason')}
              options={REFUND_REASONS.map((r) => ({
                value: r.value,
                label: t(refundReasonKey(r.value)),
                disabled: !r.involuntary && fareRefusal !== null,
              }))}
              onChange={(value: number) => {
                setReason(value);
                form.setFieldValue('subOption', undefined);
              }}
            />
          </Form.Item>
          {subOptions.length > 0 && (
            <Form.Item
              name="subOption"
              label={t('afterSales.form.subOption')}
              rules={[{ required: true, message: t('afterSales.form.subOptionRequired') }]}
            >
              <Select
                data-testid="refund-sub-option"
                aria-label={t('afterSales.form.subOption')}
                options={subOptions.map((sub) => ({
                  value: sub,
                  label: t(refundReasonKey(reason ?? 0, sub)),
                }))}
              />
            </Form.Item>
          )}
          <Form.Item
            label={t('afterSales.documents.title')}
            required={needsDocument}
            validateStatus={tried && documentMissing ? 'error' : undefined}
            help={
              tried && documentMissing ? (
                <span data-testid="refund-document-required">{t('afterSales.documents.required')}</span>
              ) : undefined
            }
          >
            <DocumentUpload
              orderId={order.id}
              onChange={(docs, busy) => {
                setDocuments(docs);
                setUploading(busy);
              }}
            />
          </Form.Item>
          <Form.Item name="remark" label={t('afterSales.form.remark')}>
            <Input.TextArea maxLength={500} showCount rows={3} aria-label={t('afterSales.form.remark')} />
          </Form.Item>
        </Form>
        {refund.error && (
          <Alert
            type="error"
            showIcon
            role="alert"
            data-testid="refund-error"
            title={refund.error.message || t('afterSales.refund.failed')}
          />
        )}
      </div>
    </Modal>
  );
}
