import { Form, Modal } from 'antd';
import type { FormInstance, FormProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { saveAndClose } from '../../../shared/ui/save-and-close';

interface EditorModalProps<V> {
  form: FormInstance<V>;
  title: string;
  width: number;
  testId: string;
  initialValues: FormProps<V>['initialValues'];
  saving: boolean;
  /** Saves the values once every field is valid (the API call). */
  save: (values: V) => Promise<unknown>;
  /** Toasted once saved, as the modal closes. */
  savedText: string;
  /** Shows why saving failed: the API's field errors on their fields, anything else as a toast. */
  onSaveError: (error: unknown) => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The modal that adds or edits one saved item of the profile (a frequent passenger, a member card):
 * Save checks the fields and, only when they are valid, saves them, says so and closes.
 */
export function EditorModal<V>({
  form,
  title,
  width,
  testId,
  initialValues,
  saving,
  save,
  savedText,
  onSaveError,
  onClose,
  children,
}: EditorModalProps<V>) {
  const { t } = useTranslation();

  const handleOk = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    await saveAndClose(
      async () => {
        await save(values);
        return savedText;
      },
      onClose,
      onSaveError,
    );
  };

  return (
    <Modal
      open
      width={width}
      title={title}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void handleOk()}
      onCancel={onClose}
      maskClosable={false}
    >
      <Form<V> form={form} layout="vertical" data-testid={testId} initialValues={initialValues}>
        {children}
      </Form>
    </Modal>
  );
}
