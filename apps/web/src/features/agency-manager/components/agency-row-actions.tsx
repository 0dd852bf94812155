import { Button, Dropdown, Modal, Space, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SubAgency, SuperAdminPasswordReset } from '@portal/domain/agencies';
import { toast } from '../../../shared/ui/message-bridge';
import {
  useDeleteAgency,
  useResetSuperAdminPassword,
  useRotateApiKey,
  type IssuedApiKey,
} from '../api/agencies';

/** The dialogs a row opens in the page. */
export type AgencyDialog = 'edit' | 'topUp' | 'credit' | 'settings' | 'lookToBook';

export interface AgencyRowActionsProps {
  agency: SubAgency;
  /** A direct sub-agency of the caller's agency (funds, credit and settings are set by the parent). */
  direct: boolean;
  /** SuperUser of an agency manager: edit, delete, password; settings and API key of a direct one. */
  canAdmin: boolean;
  /** Agency manager with finance access: look-to-book; funds and credit of a direct one. */
  canFund: boolean;
  /** Permission agencybills:read: the link to the agency's bills. */
  canReadBills: boolean;
  onOpen: (dialog: AgencyDialog, agency: SubAgency) => void;
  onPasswordReset: (result: SuperAdminPasswordReset) => void;
  onApiKey: (agency: SubAgency, issued: IssuedApiKey) => void;
}

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/** One sub-agency's actions: Edit at hand, the others in a keyboard-usable menu, each risky one confirmed. */
export function AgencyRowActions(props: AgencyRowActionsProps) {
  const { agency, direct, canAdmin, canReadBills, onOpen } = props;
  const canFund = props.canFund && direct;
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const remove = useDeleteAgency();
  const resetPassword = useResetSuperAdminPassword();
  const rotateKey = useRotateApiKey();
  const name = agency.name;

  const confirmDelete = () =>
    modal.confirm({
      title: t('agencyManager.delete.confirm', { name }),
      content: t('agencyManager.delete.help'),
      okText: t('agencyManager.action.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(agency.id);
          void toast().success(t('agencyManager.delete.done', { name }));
        } catch (error) {
          modal.error({
            title: t('agencyManager.delete.refused', { name }),
            content: messageOf(error, t('common.unknownError')),
          });
        }
      },
    });

  const confirmPassword = () => {
    const username = agency.superAdmin?.username ?? '';
    modal.confirm({
      title: t('agencyManager.password.confirm', { name, username }),
      content: t('agencyManager.password.help'),
      okText: t('agencyManager.action.resetPassword'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          props.onPasswordReset(await resetPassword.mutateAsync(agency.id));
        } catch {
          // Shown by the client.
        }
      },
    });
  };

  const confirmApiKey = () =>
    modal.confirm({
      title: t('agencyManager.apiKey.confirm', { name }),
      content: t('agencyManager.apiKey.confirmHelp'),
      okText: t('agencyManager.apiKey.create'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          props.onApiKey(agency, await rotateKey.mutateAsync(agency.id));
        } catch {
          // Shown by the client.
        }
      },
    });

  const items: MenuProps['items'] = [
    canFund && {
      key: 'topUp',
      label: t('agencyManager.action.topUp'),
      onClick: () => onOpen('topUp', agency),
    },
    canFund && {
      key: 'credit',
      label: t('agencyManager.action.credit'),
      onClick: () => onOpen('credit', agency),
    },
    {
      key: 'statements',
      label: (
        <Link to={`/agency-manager/statements?agencyId=${agency.id}`}>
          {t('agencyManager.action.statements')}
        </Link>
      ),
    },
    props.canFund && {
      key: 'lookToBook',
      label: t('agencyManager.action.lookToBook'),
      onClick: () => onOpen('lookToBook', agency),
    },
    canReadBills && {
      key: 'bills',
      label: <Link to={`/agency-manager/bills/${agency.id}`}>{t('agencyManager.action.bills')}</Link>,
    },
    canAdmin &&
      direct && {
        key: 'settings',
        label: t('agencyManager.action.settings'),
        onClick: () => onOpen('settings', agency),
      },
    canAdmin &&
      agency.superAdmin && {
        key: 'password',
        label: t('agencyManager.action.resetPassword'),
        onClick: confirmPassword,
      },
    canAdmin && direct && { key: 'apiKey', label: t('agencyManager.action.apiKey'), onClick: confirmApiKey },
    canAdmin && { type: 'divider' as const },
    canAdmin && {
      key: 'delete',
      danger: true,
      label: t('agencyManager.action.delete'),
      onClick: confirmDelete,
    },
  ].filter((item) => item !== false && item !== null && item !== undefined);

  return (
    <Space size={0}>
      {modalHolder}
      {canAdmin && (
        <Button
          type="link"
          size="small"
          aria-label={t('agencyManager.action.editOf', { name })}
          onClick={() => onOpen('edit', agency)}
        >
          {t('agencyManager.action.edit')}
        </Button>
      )}
      <Dropdown menu={{ items }} trigger={['click']}>
        <Button type="link" size="small" aria-label={t('agencyManager.action.moreOf', { name })}>
          {t('agencyManager.action.more')}
        </Button>
      </Dropdown>
    </Space>
  );
}
