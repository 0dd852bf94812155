import { Button, theme } from 'antd';
import Input from 'antd/es/input/Input';
import { useMemo, useState, type CSSProperties, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  applicationProblems,
  APPLICATION_LIMITS,
  APPLICATION_PROBLEM_KEY,
  COUNTRY_CODES,
  type ApplicationField,
  type ApplicationValues,
} from '@portal/domain/applications';
import type { Locale } from '@portal/domain/locale';
import { countryName } from '@portal/reference-data/country-names';
import { errorId, PlainField } from '../../../shared/ui/plain-field';
import { useLocale } from '../../../shared/stores/subject';
import { submitApplication } from '../api/submit-application';
import { MarketingSection } from './marketing-blocks';

const EMPTY: ApplicationValues = {
  name: '',
  email: '',
  phoneAreaCode: '',
  phone: '',
  country: '',
  companyName: '',
  companyAddress: '',
  website: '',
  others: '',
};
/** In the order of the form, for the focus on the first problem. */
const FIELDS = Object.keys(EMPTY) as ApplicationField[];
const idOf = (field: ApplicationField) => `contact-${field}`;
const C = 'home.contact';

type Outcome = 'idle' | 'sending' | 'sent' | 'failed';

/** The countries by their names in `locale`, in that locale's order. */
function sortedCountries(locale: Locale): { code: string; name: string }[] {
  const collator = new Intl.Collator(locale === 'en' ? 'en' : locale === 'zh-tw' ? 'zh-Hant' : 'zh-Hans');
  return COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}

/**
 * The contact form 'Apply for the API integration or customized tech solutions' (spec §3, §5, §8):
 * its rules are the API's (`@portal/domain/applications`), checked as a field changes once typed in
 * and all at once on submit. The country and the free text are native controls (`nativeStyle`).
 * `fax` is a honeypot hidden from people and assistive technology.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { token } = theme.useToken();
  const [values, setValues] = useState<ApplicationValues>(EMPTY);
  const [fax, setFax] = useState('');
  const [checked, setChecked] = useState<Partial<Record<ApplicationField, boolean>>>({});
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const problems = applicationProblems(values);
  // The country list is named and sorted once the visitor reaches the form (the focus in it, for
  // typing or the browser's autofill, or a pointer over it), not while the sections render: the
  // page's first Intl call loads the browser's locale data, about 100 ms of script on a slow phone.
  const [reached, setReached] = useState(false);
  const reach = () => {
    if (!reached) setReached(true);
  };
  const countries = useMemo(() => (reached ? sortedCountries(locale) : []), [reached, locale]);

  const problemOf = (field: ApplicationField) => {
    const problem = checked[field] ? problems[field] : undefined;
    return problem ? t(APPLICATION_PROBLEM_KEY[problem]) : undefined;
  };
  const change = (field: ApplicationField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setChecked((current) => ({ ...current, [field]: true }));
  };
  const control = (field: ApplicationField) => {
    const problem = problemOf(field);
    return {
      id: idOf(field),
      name: field,
      value: values[field],
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': problem ? errorId(idOf(field)) : undefined,
      onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    };
  };
  const input = (field: ApplicationField) => ({
    ...control(field),
    status: problemOf(field) ? ('error' as const) : undefined,
  });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(Object.fromEntries(FIELDS.map((field) => [field, true])));
    const first = FIELDS.find((field) => problems[field]);
    if (first) {
      document.getElementById(idOf(first))?.focus();
      return;
    }
    setOutcome('sending');
    const optional = (value: string) => (value.trim() ? value.trim() : undefined);
    try {
      await submitApplication({
        name: values.name.trim(),
        country: values.country,
        email: optional(values.email),
        phoneAreaCode: optional(values.phoneAreaCode),
        phone: optional(values.phone),
        companyName: optional(values.companyName),
        companyAddress: optional(values.companyAddress),
        website: optional(values.website),
        others: optional(values.others),
        fax: optional(fax),
      });
      setOutcome('sent');
    } catch {
      setOutcome('failed');
    }
  };

  // Native controls drawn like antd's inputs: antd's Select, and its TextArea (which comes with the
  // signed-in header's chunk), would each add more than the whole form to the home page.
  const nativeStyle = (field: ApplicationField): CSSProperties => ({
    width: '100%',
    padding: `${token.paddingXXS}px ${token.paddingSM - 1}px`,
    font: 'inherit',
    lineHeight: token.lineHeight,
    color: token.colorText,
    background: token.colorBgContainer,
    border: `${token.lineWidth}px ${token.lineType} ${problemOf(field) ? token.colorError : token.colorBorder}`,
    borderRadius: token.borderRadius,
    boxSizing: 'border-box',
  });
  const required = (label: string) => `${label} *`;

  if (outcome === 'sent') {
    return (
      <MarketingSection id="home-contact" title={t(`${C}.title`)}>
        <div role="status" data-testid="contact-sent">
          <p
            style={{
              fontSize: token.fontSizeHeading4,
              fontWeight: token.fontWeightStrong,
              color: token.colorSuccess,
            }}
          >
            {t(`${C}.submitted`)}
          </p>
          <p>{t(`${C}.thanks`)}</p>
        </div>
        <Button
          onClick={() => {
            setValues(EMPTY);
            setChecked({});
            setOutcome('idle');
          }}
        >
          {t(`${C}.again`)}
        </Button>
      </MarketingSection>
    );
  }

  return (
    <MarketingSection id="home-contact" title={t(`${C}.title`)}>
      <p style={{ marginTop: 0, color: token.colorTextSecondary }}>{t(`${C}.intro`)}</p>
      <form
        data-testid="contact-form"
        aria-labelledby="home-contact-title"
        noValidate
        onFocus={reach}
        onPointerEnter={reach}
        onSubmit={(e) => void handleSubmit(e)}
        style={{ maxWidth: 720, position: 'relative' }}
      >
        <PlainField id={idOf('name')} label={required(t(`${C}.name`))} error={problemOf('name')}>
          <Input
            {...input('name')}
            aria-required
            autoComplete="name"
            maxLength={APPLICATION_LIMITS.name + 20}
          />
        </PlainField>
        <PlainField id={idOf('email')} label={t(`${C}.email`)} error={problemOf('email')}>
          <Input {...input('email')} type="email" autoComplete="email" inputMode="email" />
        </PlainField>
        <div style={{ display: 'grid', gridTemplateColumns: 'minmax(90px, 1fr) 3fr', gap: token.marginSM }}>
          <PlainField
            id={idOf('phoneAreaCode')}
            label={t(`${C}.areaCode`)}
            error={problemOf('phoneAreaCode')}
          >
            <Input
              {...input('phoneAreaCode')}
              prefix="+"
              inputMode="numeric"
              autoComplete="tel-country-code"
            />
          </PlainField>
          <PlainField id={idOf('phone')} label={t(`${C}.phone`)} error={problemOf('phone')}>
            <Input {...input('phone')} type="tel" inputMode="tel" autoComplete="tel-national" />
          </PlainField>
        </div>
        <PlainField id={idOf('country')} label={required(t(`${C}.country`))} error={problemOf('country')}>
          <select
            {...control('country')}
            aria-required
            style={{ ...nativeStyle('country'), height: token.controlHeight }}
            autoComplete="country"
          >
            <option value="">{t(`${C}.countryPlaceholder`)}</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        </PlainField>
        <PlainField id={idOf('companyName')} label={t(`${C}.companyName`)} error={problemOf('companyName')}>
          <Input {...input('companyName')} autoComplete="organization" />
        </PlainField>
        <PlainField
          id={idOf('companyAddress')}
          label={t(`${C}.companyAddress`)}
          error={problemOf('companyAddress')}
        >
          <Input {...input('companyAddress')} />
        </PlainField>
        <PlainField id={idOf('website')} label={t(`${C}.website`)} error={problemOf('website')}>
          <Input {...input('website')} type="url" inputMode="url" autoComplete="url" />
        </PlainField>
        <PlainField id={idOf('others')} label={t(`${C}.others`)} error={problemOf('others')}>
          <textarea
            {...control('others')}
            rows={4}
            style={{ ...nativeStyle('others'), resize: 'vertical' }}
          />
        </PlainField>
        {/* The honeypot: off-screen, out of the tab order and hidden from assistive technology. */}
        <div
          aria-hidden="true"
          style={{ position: 'absolute', left: -10000, top: 'auto', width: 1, height: 1, overflow: 'hidden' }}
        >
          <label htmlFor="contact-fax">{t(`${C}.fax`)}</label>
          <input
            id="contact-fax"
            name="fax"
            tabIndex={-1}
            autoComplete="off"
            value={fax}
            onChange={(e) => setFax(e.target.value)}
          />
        </div>
        {outcome === 'failed' && (
          <p role="alert" data-testid="contact-failed" style={{ color: token.colorError }}>
            {t(`${C}.failed`)}
          </p>
        )}
        <Button type="primary" htmlType="submit" loading={outcome === 'sending'}>
          {t(`${C}.submit`)}
        </Button>
      </form>
    </MarketingSection>
  );
}
