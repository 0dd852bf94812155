import { Alert, Checkbox, Form, Input, Modal, Select, Space } from 'antd';
import type { CheckboxOptionType, FormRule, GetProp } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AreaCode, NewPassword, USER_STATUSES, type UserStatus } from '@portal/domain/auth';
import { ERRORS } from '@portal/domain/errors';
import { ROLES, type Role } from '@portal/domain/roles';
import { CreateUserBody, type CreatedUser, type ManagedUser } from '@portal/domain/users';
import { isApiError } from '../../../shared/api/api-error';
import { useSaveUser } from '../api/users';

interface UserValues {
  username?: string;
  nickname?: string;
  email?: string;
  areaCode?: string;
  number?: string;
  roles?: Role[];
  status?: UserStatus;
  password?: string;
}

type RoleGroupProps = {
  options: CheckboxOptionType<Role>[];
  value?: Role[];
  onChange?: GetProp<typeof Checkbox.Group<Role>, 'onChange'>;
  'aria-required'?: unknown;
};

/**
 * The role checkboxes. A required Form.Item gives its control `aria-required`, which a checkbox
 * group (role "group") may not carry (axe rates it critical); the requirement shows in the label
 * and the rule's message instead.
 */
function RoleCheckboxes({ 'aria-required': _required, ...props }: RoleGroupProps) {
  return <Checkbox.Group<Role> {...props} />;
}

const trimmed = (value: string | undefined) => (value ?? '').trim();

function mobileOf(values: UserValues) {
  const number = trimmed(values.number);
  return number ? { areaCode: trimmed(values.areaCode) || '86', number } : null;
}

interface UserFormModalProps {
  user?: ManagedUser;
  onClose: () => void;
  /** A new user was added; `temporaryPassword` when the server made one. */
  onCreated: (created: CreatedUser) => void;
}

/** Adds or edits a user of the agency; each field is checked with the API's own schema. */
export function UserFormModal({ user, onClose, onCreated }: UserFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserValues>();
  const save = useSaveUser();
  const [failure, setFailure] = useState<string | null>(null);
  const editing = user !== undefined;

  const schemaRule = (schema: z.ZodType, messageKey: string, required = true): FormRule => ({
    required,
    validator: (_, value: string | undefined) => {
      const text = trimmed(value);
      if (!required && text === '') return Promise.resolve();
      return schema.safeParse(text).success ? Promise.resolve() : Promise.reject(new Error(t(messageKey)));
    },
  });
  const shape = CreateUserBody.shape;

  const handleSubmit = async (values: UserValues) => {
    setFailure(null);
    const common = {
      nickname: trimmed(values.nickname),
      mobile: mobileOf(values),
      roles: values.roles ?? [],
      status: values.status ?? 'active',
    };
    try {
      if (user) {
        await save.mutateAsync({ id: user.id, body: common });
        onClose();
      } else {
        const password = values.password ?? '';
        const created = await save.mutateAsync({
          body: {
            ...common,
            username: trimmed(values.username),
            email: trimmed(values.email),
            ...(password ? { password } : {}),
          },
        });
        if ('temporaryPassword' in created) onCreated(created);
      }
    } catch (error) {
      if (isApiError(error) && error.code === ERRORS.USERNAME_TAKEN.code) {
        form.setFields([{ name: 'username', errors: [error.message] }]);
      } else {
        setFailure(error instanceof Error && error.message ? error.message : t('common.unknownError'));
      }
    }
  };

  const initialValues: UserValues = user
    ? {
        username: user.username,
        nickname: user.nickname,
        email: user.email,
        areaCode: user.mobile?.areaCode ?? '86',
        number: user.mobile?.number,
        roles: user.role,
        status: user.status,
      }
    : { areaCode: '86', roles: ['operator'], status: 'active' };

  return (
    <Modal
      open
      title={t(editing ? 'usersPage.editTitle' : 'usersPage.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<UserValues>
        form={form}
        layout="vertical"
        data-testid="user-form"
        initialValues={initialValues}
        onFinish={(values) => void handleSubmit(values)}
      >
        {failure && <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />}
        <Form.Item
          name="username"
          label={t('usersPage.username')}
          rules={editing ? [] : [schemaRule(shape.username, 'usersPage.rules.username')]}
        >
          <Input disabled={editing} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="nickname"
          label={t('usersPage.nickname')}
          rules={[schemaRule(shape.nickname, 'usersPage.rules.nickname')]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('usersPage.email')}
          extra={editing ? t('usersPage.emailFixed') : undefined}
          rules={editing ? [] : [schemaRule(shape.email, 'usersPage.rules.email')]}
        >
          <Input disabled={editing} type="email" />
        </Form.Item>
        <Form.Item label={t('usersPage.mobile')} required={false}>
          <Space.Compact block>
            <Form.Item name="areaCode" noStyle rules={[schemaRule(AreaCode, 'usersPage.rules.areaCode')]}>
              <Input prefix="+" aria-label={t('usersPage.areaCode')} style={{ width: 100 }} />
            </Form.Item>
            <Form.Item
              name="number"
              noStyle
              rules={[
                {
                  validator: (_, value: string | undefined) =>
                    trimmed(value) === '' || /^\d{4,15}$/.test(trimmed(value))
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('usersPage.rules.mobile'))),
                },
              ]}
            >
              <Input aria-label={t('usersPage.mobileNumber')} inputMode="numeric" />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="roles"
          label={t('usersPage.roles')}
          rules={[{ required: true, type: 'array', min: 1, message: t('usersPage.rules.roles') }]}
        >
          <RoleCheckboxes
            options={ROLES.map((role) => ({ value: role, label: t(`usersPage.role.${role}`) }))}
          />
        </Form.Item>
        <Form.Item name="status" label={t('usersPage.status')} extra={t('usersPage.statusHelp')}>
          <Select
            aria-label={t('usersPage.status')}
            options={USER_STATUSES.map((status) => ({
              value: status,
              label: t(`usersPage.statuses.${status}`),
            }))}
          />
        </Form.Item>
        {!editing && (
          <Form.Item
            name="password"
            label={t('usersPage.password')}
            extra={t('usersPage.passwordHelp')}
            rules={[schemaRule(NewPassword, 'usersPage.rules.password', false)]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
