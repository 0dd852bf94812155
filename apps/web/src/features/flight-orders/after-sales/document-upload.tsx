import { Alert, Button, Upload, type UploadFile } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SUPPORTING_DOCUMENT_MAX_BYTES,
  SUPPORTING_DOCUMENT_MAX_FILES,
  type SupportingDocument,
} from '@portal/domain/after-sales';
import { deleteDocument, uploadDocuments } from '../api/after-sales';
import { DOCUMENT_ACCEPT, documentProblem, type DocumentProblem } from '../lib/after-sales';

interface DocumentUploadProps {
  /** The order the request starts from: documents are kept with it until the request names them. */
  orderId: string;
  /** The stored documents, and whether an upload is still under way. */
  onChange: (documents: SupportingDocument[], uploading: boolean) => void;
}

const MAX_MB = SUPPORTING_DOCUMENT_MAX_BYTES / 1024 / 1024;

/**
 * Supporting documents of a change or refund (spec §5): each file is checked here (type, size,
 * count) with the spec's message and, when it passes, uploaded at once; the server checks the
 * content and its refusal is shown the same way.
 */
export function DocumentUpload({ orderId, onChange }: DocumentUploadProps) {
  const { t } = useTranslation();
  const [items, setItems] = useState<UploadFile[]>([]);
  const [error, setError] = useState<string | null>(null);
  const stored = useRef<Map<string, SupportingDocument>>(new Map());
  /** Files accepted so far (stored or on their way), for the count limit across batches. */
  const reserved = useRef(0);
  const pending = useRef(0);

  const publish = () => onChange([...stored.current.values()], pending.current > 0);
  const problemText = (problem: DocumentProblem) =>
    problem === 'count'
      ? t('afterSales.documents.count', { max: SUPPORTING_DOCUMENT_MAX_FILES })
      : t('afterSales.documents.type', { maxMb: MAX_MB });

  const upload = (file: File & { uid: string }) => {
    pending.current += 1;
    setItems((list) => [...list, { uid: file.uid, name: file.name, status: 'uploading' }]);
    publish();
    uploadDocuments(orderId, [file])
      .then(
        (documents) => {
          const [document] = documents;
          if (document) stored.current.set(file.uid, document);
          setItems((list) =>
            list.map((item) => (item.uid === file.uid ? { ...item, status: 'done' } : item)),
          );
        },
        (e: unknown) => {
          reserved.current -= 1;
          setError(e instanceof Error && e.message ? e.message : t('afterSales.documents.failed'));
          setItems((list) => list.filter((item) => item.uid !== file.uid));
        },
      )
      .finally(() => {
        pending.current -= 1;
        publish();
      });
  };

  return (
    <div data-testid="after-sales-documents">
      <Upload
        multiple
        accept={DOCUMENT_ACCEPT}
        fileList={items}
        beforeUpload={(file) => {
          const problem = documentProblem(file, reserved.current);
          if (problem) {
            setError(problemText(problem));
            return Upload.LIST_IGNORE;
          }
          setError(null);
          reserved.current += 1;
          upload(file);
          return false;
        }}
        onRemove={(item) => {
          if (item.status === 'uploading') return false;
          const document = stored.current.get(item.uid);
          // Best effort: an upload left behind is only listed with the order, never attached.
          if (document) deleteDocument(orderId, document.id).catch(() => undefined);
          stored.current.delete(item.uid);
          reserved.current -= 1;
          setItems((list) => list.filter((entry) => entry.uid !== item.uid));
          publish();
          return true;
        }}
      >
        <Button data-testid="after-sales-documents-add">{t('afterSales.documents.add')}</Button>
      </Upload>
      <div style={{ color: 'rgba(0,0,0,0.45)', marginTop: 4 }}>
        {t('afterSales.documents.hint', { max: SUPPORTING_DOCUMENT_MAX_FILES, maxMb: MAX_MB })}
      </div>
      {error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="after-sales-documents-error"
          title={error}
          style={{ marginTop: 8 }}
        />
      )}
    </div>
  );
}
