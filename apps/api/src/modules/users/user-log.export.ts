import type { Locale } from '@portal/domain/locale';
import type { UserLogAction, UserLogEntry, UserLogOutcome } from '@portal/domain/user-log';
import { buildXlsx, type SheetColumn } from '../../platform/download';

/** Most rows one export writes (the newest, in the list's order). */
export const USER_LOG_EXPORT_CAP = 10_000;

interface Texts {
  sheet: string;
  file: string;
  headings: [string, string, string, string, string, string, string, string, string, string];
  actions: Record<UserLogAction, string>;
  outcomes: Record<UserLogOutcome, string>;
}

/** Headings and labels of the export; times are UTC and the heading says so. */
const TEXTS: Record<Locale, Texts> = {
  en: {
    sheet: 'User log',
    file: 'user-log',
    headings: [
      'Time (UTC)',
      'User',
      'Action',
      'Method',
      'Route',
      'Target',
      'Outcome',
      'Code',
      'IP',
      'User agent',
    ],
    actions: {
      login: 'Login',
      login_failed: 'Failed login',
      logout: 'Logout',
      sso_login: 'Partner login',
      password_change: 'Password change',
      call: 'Change request',
      user_create: 'User created',
      user_update: 'User edited',
      user_delete: 'User deleted',
      user_password_reset: 'User password reset',
    },
    outcomes: { ok: 'OK', refused: 'Refused' },
  },
  'zh-cn': {
    sheet: '用户日志',
    file: '用户日志',
    headings: ['时间（UTC）', '用户', '操作', '方法', '接口', '对象', '结果', '代码', 'IP', '客户端'],
    actions: {
      login: '登录',
      login_failed: '登录失败',
      logout: '退出登录',
      sso_login: '合作方登录',
      password_change: '修改密码',
      call: '变更请求',
      user_create: '新增用户',
      user_update: '编辑用户',
      user_delete: '删除用户',
      user_password_reset: '重置用户密码',
    },
    outcomes: { ok: '成功', refused: '被拒绝' },
  },
  'zh-tw': {
    sheet: '使用者日誌',
    file: '使用者日誌',
    headings: ['時間（UTC）', '使用者', '操作', '方法', '介面', '對象', '結果', '代碼', 'IP', '用戶端'],
    actions: {
      login: '登入',
      login_failed: '登入失敗',
      logout: '登出',
      sso_login: '合作方登入',
      password_change: '修改密碼',
      call: '變更請求',
      user_create: '新增使用者',
      user_update: '編輯使用者',
      user_delete: '刪除使用者',
      user_password_reset: '重設使用者密碼',
    },
    outcomes: { ok: '成功', refused: '被拒絕' },
  },
};

const WIDTHS = [20, 16, 18, 8, 36, 24, 10, 8, 16, 30];

/** The user log rows as an .xlsx workbook with localized headings and labels. */
export function userLogWorkbook(locale: Locale, entries: UserLogEntry[]): Promise<Buffer> {
  const t = TEXTS[locale];
  const columns: SheetColumn[] = t.headings.map((header, i) => ({
    header,
    width: WIDTHS[i],
    ...(i === 0 ? { numFmt: 'yyyy-mm-dd hh:mm:ss' } : {}),
  }));
  const rows = entries.map((e) => ({
    cells: [
      new Date(e.createdAt),
      e.username ?? (e.userId === null ? null : String(e.userId)),
      t.actions[e.action],
      e.method,
      e.route,
      e.target,
      t.outcomes[e.outcome],
      e.code,
      e.ip,
      e.userAgent,
    ],
  }));
  return buildXlsx(t.sheet, columns, rows);
}

/** The download's file name in the user's language, with an ASCII fallback. */
export function userLogFileName(locale: Locale, today: Date): { fileName: string; asciiFallback: string } {
  const date = today.toISOString().slice(0, 10);
  return { fileName: `${TEXTS[locale].file}-${date}.xlsx`, asciiFallback: `user-log-${date}.xlsx` };
}
