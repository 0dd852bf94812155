import { Typography } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { decideNavigation } from '@portal/domain/navigation';
import type { UserLogEntry } from '@portal/domain/user-log';
import { userLogTargetPath } from '@portal/domain/user-log-actions';
import { userLogReason, userLogSentenceParts, type Translate } from '@portal/domain/user-log-words';
import { useLocale, useSubject } from '../../../shared/stores/subject';

/** Stands for the target in the filled template, so the target can be rendered as a link. */
const TARGET_MARK = '\u2063target\u2063';

/**
 * What a row did, in the reader's words (`packages/domain/src/user-log-words.ts`, the same words as
 * the export): the target as its booking number, username or name, linked to its page when the
 * reader may open that page; a refusal says so with the error's message.
 */
export function UserLogSentence({ row }: { row: UserLogEntry }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const subject = useSubject();
  const translate: Translate = (key, vars) => t(key, vars ?? {});
  const { key, vars, target } = userLogSentenceParts(row, translate);
  const text = translate(key, { ...vars, target: TARGET_MARK });
  const path = target ? userLogTargetPath(target) : null;
  const allowed = path !== null && decideNavigation(path, { subject, embedded: false }).kind === 'allow';
  const name = vars.target ?? '';
  const reason = userLogReason(row, locale, translate);
  return (
    <div data-testid="user-log-sentence">
      <div>
        {text.split(TARGET_MARK).map((part, i) => (
          <Fragment key={i}>
            {i > 0 && (allowed && path ? <Link to={path}>{name}</Link> : <strong>{name}</strong>)}
            {part}
          </Fragment>
        ))}
      </div>
      {reason !== null && (
        <Typography.Text type="danger" data-testid="user-log-reason">
          {reason}
        </Typography.Text>
      )}
    </div>
  );
}
