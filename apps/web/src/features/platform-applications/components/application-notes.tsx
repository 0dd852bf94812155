import { Button, Form, Input, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApplicationNote } from '@portal/domain/platform-agencies';
import { PLATFORM_AGENCY_LIMITS } from '@portal/domain/platform-agency-options';
import { formatDateTime } from '../../../shared/dates/format-date';
import { useAddApplicationNote } from '../api/applications';

/** The application's notes, oldest first, and the form that adds one. */
export function ApplicationNotes({ id, notes }: { id: string; notes: ApplicationNote[] }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ text: string }>();
  const add = useAddApplicationNote(id);

  const handleFinish = async ({ text }: { text: string }) => {
    await add.mutateAsync(text);
    form.resetFields();
  };

  return (
    <section aria-label={t('platformApplications.notes.title')}>
      <Typography.Title level={5}>{t('platformApplications.notes.title')}</Typography.Title>
      <List
        data-testid="application-notes"
        dataSource={notes}
        locale={{ emptyText: t('platformApplications.notes.empty') }}
        renderItem={(note) => (
          <List.Item>
            <List.Item.Meta
              title={`${note.authorName} · ${formatDateTime(note.createdAt)}`}
              description={<span style={{ whiteSpace: 'pre-wrap' }}>{note.text}</span>}
            />
          </List.Item>
        )}
      />
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => void handleFinish(values).catch(() => undefined)}
      >
        <Form.Item
          name="text"
          label={t('platformApplications.notes.add')}
          rules={[{ required: true, whitespace: true, message: t('platformApplications.notes.required') }]}
        >
          <Input.TextArea rows={3} maxLength={PLATFORM_AGENCY_LIMITS.note} showCount />
        </Form.Item>
        <Button htmlType="submit" loading={add.isPending}>
          {t('platformApplications.notes.save')}
        </Button>
      </Form>
    </section>
  );
}
