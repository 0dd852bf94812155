import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';
import { useTranslation } from 'react-i18next';

interface PassengerUploadButtonProps {
  uploading: boolean;
  /** Receives the chosen file; antd's own request is not used (the file goes through the mutation). */
  onFile: (file: File) => void;
}

/**
 * The passenger list's upload button (an .xlsx file). Its own module so that antd's Upload and
 * Progress load only when the list is open for upload, which a group order is for a short time.
 */
export function PassengerUploadButton({ uploading, onFile }: PassengerUploadButtonProps) {
  const { t } = useTranslation();
  return (
    <Upload
      accept=".xlsx"
      maxCount={1}
      showUploadList={false}
      beforeUpload={(file) => {
        onFile(file);
        return false;
      }}
    >
      <Button icon={<UploadOutlined />} loading={uploading} data-testid="group-passenger-upload">
        {t('groupPassengers.upload')}
      </Button>
    </Upload>
  );
}
