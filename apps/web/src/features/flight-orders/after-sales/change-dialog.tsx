import { Alert, Button, Modal, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ChangeReason,
  type ChangeRequest,
  type ChangeSearchRequest,
  type SupportingDocument,
} from '@portal/domain/after-sales';
import type { FlightOrder } from '@portal/domain/flight-order';
import { ERRORS } from '@portal/domain/errors';
import { VerificationResult, type Solution } from '@portal/domain/shopping';
import { isApiError } from '../../../shared/api/api-error';
import { changeErrorDetails } from '../lib/change-errors';
import { startChangeSearch, useRequestChange } from '../api/after-sales';
import { ChangeResults } from './change-results';
import { ChangeSearchForm, initialDraft, selectedLegs, type ChangeDraft } from './change-search-form';
import { ChangeReview } from './change-review';
import { useOpenCreatedOrder, type AfterSalesDialogProps } from './after-sales-dialog';

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
export function ChangeDialog({ order, open, onClose }: AfterSalesDialogProps) {
  const { t } = useTranslation();
  const openCreated = useOpenCreatedOrder(onClose);
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
  /** The price check's answer when the chosen flight was re-quoted at submit. */
  const [requoted, setRequoted] = useState<VerificationResult | null>(null);
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
    setRequoted(null);
    change.mutate(body, {
      onSuccess: openCreated,
      onError: (error) => {
        // QUOTE_CHANGED: the flight as now priced (a new id) to accept, or none to choose another.
        if (!isApiError(error) || error.code !== ERRORS.QUOTE_CHANGED.code) return;
        const check = VerificationResult.safeParse(error.data);
        if (!check.success) return;
        setRequoted(check.data);
        if (check.data.solution) setChosen(check.data.solution);
        else setStep('results');
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
        {step === 'results' && requoted && !requoted.solution && (
          <Alert
            type="warning"
            showIcon
            role="alert"
            data-testid="change-unavailable"
            title={t('afterSales.change.unavailable')}
            style={{ marginBottom: 12 }}
          />
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
        {chosen && search && (
          // Kept mounted while the agent goes back to the results, so the uploads stay listed.
          <ChangeReview
            hidden={step !== 'submit'}
            orderId={order.id}
            chosen={chosen}
            reason={search.request.reason}
            remark={remark}
            onRemark={setRemark}
            onDocuments={(docs, busy) => {
              setDocuments(docs);
              setUploading(busy);
            }}
            requoted={requoted}
            error={change.error && !requoted ? change.error.message || t('afterSales.change.failed') : null}
            errorDetails={
              change.error && !requoted ? changeErrorDetails(t, change.error, order.passengers) : []
            }
          />
        )}
      </div>
    </Modal>
  );
}
