import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ERRORS } from '@portal/domain/errors';
import { isApiError } from '../../api/api-error';
import { analyzeDocument, type DocumentAnalysis } from '../api/passengers';

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
const IMAGE_TYPES = ['image/jpeg', 'image/png'];
const IMAGE_NAME = /\.(jpe?g|png)$/i;

/**
 * What to tell the agent when reading failed: the server's own message when it says why (reader
 * busy, too slow, too many uploads, a refused file), else that this image could not be read.
 */
function failureMessage(error: unknown, t: TFunction): string {
  if (isApiError(error) && error.code !== undefined && error.code !== ERRORS.DOCUMENT_UNREADABLE.code) {
    if (error.message) return error.message;
  }
  return t('booking.upload.unreadable');
}

/**
 * Passport image upload (jpg/jpeg/png, at most 10 MB, checked here too): the reader's fields go to
 * `onRead`; an unreadable image, a refused file or a busy reader goes to `onError` with the message
 * to show.
 */
export function DocumentUpload({
  onRead,
  onError,
}: {
  onRead: (fields: DocumentAnalysis['fields']) => void;
  onError: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Upload
      accept=".jpg,.jpeg,.png"
      showUploadList={false}
      beforeUpload={(file) => {
        if (!IMAGE_TYPES.includes(file.type) && !IMAGE_NAME.test(file.name)) {
          onError(t('booking.upload.type'));
          return Upload.LIST_IGNORE;
        }
        if (file.size > MAX_DOCUMENT_BYTES) {
          onError(t('booking.upload.size'));
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError: failed }) => {
        setBusy(true);
        analyzeDocument(file as File)
          .then((result) => {
            onRead(result.fields);
            onSuccess?.(result);
          })
          .catch((error: unknown) => {
            onError(failureMessage(error, t));
            failed?.(error instanceof Error ? error : new Error('upload failed'));
          })
          .finally(() => setBusy(false));
      }}
    >
      <Button icon={<UploadOutlined />} loading={busy}>
        {t('booking.upload.button')}
      </Button>
    </Upload>
  );
}
