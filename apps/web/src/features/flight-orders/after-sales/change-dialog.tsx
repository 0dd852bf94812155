import { Alert, Button, Descriptions, Input, Modal, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  changeReasonKey,
  type ChangeReason,
  type ChangeRequest,
  type ChangeSearchRequest,
  type SupportingDocument,
} from '@portal/domain/after-sales';
import type { FlightOrder } from '@portal/domain/flight-order';
import type { Solution } from '@portal/domain/shopping';
import { startChangeSearch, useRequestChange } from '../api/after-sales';
import { money } from '../lib/format';
import { ChangeResults } from './change-results';
import { ChangeSearchForm, initialDraft, selectedLegs, type ChangeDraft } from './change-search-form';
import { DocumentUpload } from './document-upload';

type Step = 'form' | 'results' | 'submit';

/** The search that is shown: its id and the request it was started with. */
interface RunningSearch {
  searchId: string;
  request: ChangeSearchRequest;
}

function toSearchRequest(order: FlightOrder, draft: ChangeDraft): ChangeSearchRequest | null {
  const { passengerIds, segmentIndexes, reason } = draft;
  if (passengerIds.length === 0 || segmentIndexes.length === 0 || reason === undefined) return null;
  const legs = selectedLegs(order, segmentIndexes).map(([legIndex]) => ({
    legIndex,
    date: draft.dates[legIndex] ?? '',
  }));
  return { selection: { passengerIds, segmentIndexes }, reason: reason as ChangeReason, legs };
}

/**
 * The change flow of an issued order: tickets, reason and new dates; the search of alternatives
 * (polled, replaced by a new search, abandoned when the dialog closes); the chosen flight with
 * documents and a remark; sent, it opens the new change order.
 */
export function ChangeDialog({
  order,
  open,
  onClose,
}: {
  order: FlightOrder;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('form');
  const [draft, setDraft] = useState<ChangeDraft>(() => initialDraft(order));
  const [tried, setTried] = useState(false);
  const [search, setSearch] = useState<RunningSearch | null>(null);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Solution | null>(null);
  const [documents, setDocuments] = useState<SupportingDocument[]>([]);
  const [uploading, setUploading] = useState(false);
  const [remark, setRemark] = useState('');
  const change = useRequestChange(order.id);

  const runSearch = async () => {
    setTried(true);
    const request = toSearchRequest(order, draft);
    if (!request) return;
    setStarting(true);
    setStartError(null);
    try {
      const started = await startChangeSearch(order.id, request);
      // A new search id replaces the old one: its poll loses its observer and is aborted.
      setSearch({ searchId: started.searchId, request });
      setStep('results');
    } catch (e) {
      setStartError(e instanceof Error && e.message ? e.message : t('afterSales.change.searchFailed'));
    } finally {
      setStarting(false);
    }
  };

  const submit = () => {
    if (!search || !chosen) return;
    const body: ChangeRequest = {
      changeSearchId: search.searchId,
      solutionId: chosen.id,
      selection: search.request.selection,
      reason: search.request.reason,
      documentIds: documents.map((d) => d.id),
      ...(remark.trim() ? { remark: remark.trim() } : {}),
    };
    change.mutate(body, {
      onSuccess: (created) => {
        onClose();
        void navigate(`/flight/orders/${encodeURIComponent(created.id)}`);
      },
    });
  };

  const footer = [
    <Button key="close" onClick={onClose}>
      {t('common.cancel')}
    </Button>,
    step !== 'form' && (
      <Button key="back" onClick={() => setStep(step === 'submit' ? 'results' : 'form')}>
        {t('afterSales.change.back')}
      </Button>
    ),
    step === 'form' && (
      <Button
        key="search"
        type="primary"
        data-testid="change-search"
        loading={starting}
        onClick={() => void runSearch()}
      >
        {t('afterSales.change.search')}
      </Button>
    ),
    step === 'submit' && (
      <Button
        key="submit"
        type="primary"
        data-testid="change-submit"
        disabled={uploading}
        loading={change.isPending}
        onClick={submit}
      >
        {t('afterSales.change.submit')}
      </Button>
    ),
  ];

  return (
    <Modal
      open={open}
      title={t('afterSales.change.title')}
      width={900}
      destroyOnHidden
      footer={footer}
      onCancel={onClose}
    >
      <div data-testid="change-dialog">
        <Steps
          size="small"
          current={['form', 'results', 'submit'].indexOf(step)}
          items={[
            { title: t('afterSales.change.stepForm') },
            { title: t('afterSales.change.stepResults') },
            { title: t('afterSales.change.stepSubmit') },
          ]}
          style={{ marginBottom: 16 }}
        />
        {step === 'form' && (
          <ChangeSearchForm order={order} draft={draft} onChange={setDraft} tried={tried} />
        )}
        {startError && step === 'form' && (
          <Alert type="error" showIcon role="alert" data-testid="change-search-error" title={startError} />
        )}
        {step === 'results' && search && (
          <ChangeResults
            key={search.searchId}
            searchId={search.searchId}
            onChoose={(solution) => {
              setChosen(solution);
              setStep('submit');
            }}
          />
        )}
        {step === 'submit' && chosen && search && (
          <div data-testid="change-review">
            <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('afterSales.change.flights')}>
                {chosen.legs
                  .flatMap((leg) => leg.segments)
                  .map((s) => `${s.marketingCarrier}${s.flightNumber} ${s.departure.time.replace('T', ' ')}`)
                  .join(', ')}
              </Descriptions.Item>
              <Descriptions.Item label={t('afterSales.change.price')}>
                {money(chosen.priceDetail.total)}
              </Descriptions.Item>
              <Descriptions.Item label={t('afterSales.form.reason')}>
                {t(changeReasonKey(search.request.reason))}
              </Descriptions.Item>
            </Descriptions>
            <Typography.Paragraph type="secondary">{t('afterSales.change.quoteNote')}</Typography.Paragraph>
            <Typography.Text strong>{t('afterSales.documents.title')}</Typography.Text>
            <DocumentUpload
              orderId={order.id}
              onChange={(docs, busy) => {
                setDocuments(docs);
                setUploading(busy);
              }}
            />
            <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>
              {t('afterSales.form.remark')}
            </Typography.Text>
            <Input.TextArea
              value={remark}
              maxLength={500}
              rows={2}
              aria-label={t('afterSales.form.remark')}
              onChange={(e) => setRemark(e.target.value)}
            />
            {change.error && (
              <Alert
                type="error"
                showIcon
                role="alert"
                data-testid="change-error"
                title={change.error.message || t('afterSales.change.failed')}
                style={{ marginTop: 12 }}
              />
            )}
          </div>
        )}
      </div>
    </Modal>
  );
}
