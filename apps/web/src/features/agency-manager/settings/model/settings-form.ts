import type { z } from 'zod';
import type { AdjustmentCategory, FlightSettings } from '@portal/domain/agency-config';
import {
  AgencySettings,
  type CommonSettings,
  type CreditPeriodUnit,
  type TrainSettings,
} from '@portal/domain/agency-settings';
import { fromMinor, minorDigits, plainNumberString, toMinor } from '@portal/domain/currency-conversion';

/** A field's path in the form, which is also its path in the PUT body. */
export type FieldPath = (string | number)[];

/** One price adjustment row: a percent, or a fixed value and a limit in major units of the settlement currency. */
export interface AdjustmentValues {
  category?: AdjustmentCategory;
  unit?: 'percent' | 'fixed';
  value?: number | null;
  limit?: number | null;
}

/**
 * The form's values: the body's shape and paths (so the schema's issue paths name the fields), with
 * money in major units, the response time in seconds and URLs as text ('' = none).
 */
export interface SettingsValues {
  common: Omit<CommonSettings, 'creditAlertThreshold'> & { creditAlertThreshold: number | null };
  flight: Omit<
    FlightSettings,
    | 'priceAdjustments'
    | 'serviceFees'
    | 'maxResponseTimeMs'
    | 'bookingNotificationUrl'
    | 'flightChangeNotificationUrl'
  > & {
    priceAdjustments: AdjustmentValues[];
    serviceFees: { change: number | null; refund: number | null; void: number | null };
    /** Seconds in the form; milliseconds in the body. */
    maxResponseTimeMs: number | null;
    bookingNotificationUrl: string;
    flightChangeNotificationUrl: string;
  };
  train: { notificationUrl: string; manual: boolean };
  creditPeriod: { unit: CreditPeriodUnit; value: number | null };
}

/** Minor units of `currency` as a number of major units for an input (1250 CNY → 12.5). */
function major(minor: number, currency: string): number {
  return Number(fromMinor(minor, minorDigits(currency)));
}

/** Major units typed in an input as minor units; undefined when empty, NaN when not representable. */
function minor(value: number | null | undefined, currency: string): number | undefined {
  if (value === null || value === undefined) return undefined;
  try {
    return toMinor(plainNumberString(value), minorDigits(currency));
  } catch {
    return Number.NaN;
  }
}

const orUndefined = (value: number | null | undefined) => (value === null ? undefined : value);
const urlOrNull = (text: string | undefined) => (text ?? '').trim() || null;

/** The form's values for stored settings. */
export function toFormValues(settings: AgencySettings): SettingsValues {
  const currency = settings.common.settlementCurrency;
  const { flight } = settings;
  return {
    common: {
      ...settings.common,
      creditAlertThreshold:
        settings.common.creditAlertThreshold === null
          ? null
          : major(settings.common.creditAlertThreshold, currency),
    },
    flight: {
      ...flight,
      filter: {
        ...flight.filter,
        airlines: [...flight.filter.airlines],
        suppliers: [...flight.filter.suppliers],
      },
      priceAdjustments: flight.priceAdjustments.map((a) => ({
        category: a.category,
        unit: a.unit,
        value: a.unit === 'fixed' ? major(a.value, currency) : a.value,
        limit: major(a.limit, currency),
      })),
      serviceFees: {
        change: major(flight.serviceFees.change, currency),
        refund: major(flight.serviceFees.refund, currency),
        void: major(flight.serviceFees.void, currency),
      },
      maxResponseTimeMs: flight.maxResponseTimeMs / 1000,
      bookingNotificationUrl: flight.bookingNotificationUrl ?? '',
      flightChangeNotificationUrl: flight.flightChangeNotificationUrl ?? '',
    },
    train: { notificationUrl: settings.train.notificationUrl ?? '', manual: settings.train.manual },
    creditPeriod: { ...settings.creditPeriod },
  };
}

/**
 * The PUT body of the form's values, not yet checked: an empty number stays missing and money that
 * the currency cannot hold becomes NaN, so the schema refuses it at the field's own path.
 */
export function toBody(values: SettingsValues): unknown {
  const { common, flight, train, creditPeriod } = values;
  const currency = common.settlementCurrency;
  const threshold = common.creditAlertThreshold;
  const seconds = orUndefined(flight.maxResponseTimeMs);
  return {
    common: {
      ...common,
      creditAlertThreshold: threshold === null || threshold === undefined ? null : minor(threshold, currency),
    },
    flight: {
      ...flight,
      filter: {
        mode: flight.filter.mode,
        airlines: flight.filter.airlines.map((code) => code.trim().toUpperCase()),
        suppliers: flight.filter.suppliers.map((name) => name.trim()),
      },
      priceAdjustments: (flight.priceAdjustments ?? []).map((a) => ({
        category: a.category,
        unit: a.unit,
        value: a.unit === 'fixed' ? minor(a.value, currency) : orUndefined(a.value),
        limit: minor(a.limit ?? 0, currency),
      })),
      serviceFees: {
        change: minor(flight.serviceFees.change, currency),
        refund: minor(flight.serviceFees.refund, currency),
        void: minor(flight.serviceFees.void, currency),
      },
      maxResponseTimeMs: seconds === undefined ? undefined : Math.round(seconds * 1000),
      bookingNotificationUrl: urlOrNull(flight.bookingNotificationUrl),
      flightChangeNotificationUrl: urlOrNull(flight.flightChangeNotificationUrl),
    },
    train: {
      notificationUrl: urlOrNull(train.notificationUrl),
      manual: train.manual,
    } satisfies Partial<TrainSettings>,
    creditPeriod: { unit: creditPeriod.unit, value: orUndefined(creditPeriod.value) },
  };
}

/** A problem with one value: where it is and the text key (with its values) that explains it. */
export interface SettingsProblem {
  /** The form field it belongs to, or null when it concerns no single field. */
  field: FieldPath | null;
  key: string;
  values?: Record<string, unknown>;
}

export type SettingsCheck = { ok: true; body: AgencySettings } | { ok: false; problems: SettingsProblem[] };

/** Checks the form's values with the API's own schema; each refusal is placed on its field. */
export function checkSettings(values: SettingsValues): SettingsCheck {
  const parsed = AgencySettings.safeParse(toBody(values));
  if (parsed.success) return { ok: true, body: parsed.data };
  return { ok: false, problems: parsed.error.issues.map((issue) => problemOf(values, issue)) };
}

/**
 * The form field a body path belongs to: an entry of a tag list belongs to the list; a path that
 * ends on a group (an adjustment row, a section) or leaves the form belongs to no field.
 */
export function fieldOf(values: SettingsValues, path: readonly PropertyKey[]): FieldPath | null {
  let node: unknown = values;
  const field: FieldPath = [];
  for (const part of path) {
    if (typeof part === 'symbol') return null;
    if (Array.isArray(node) && node.every((item) => typeof item !== 'object' || item === null)) {
      return field;
    }
    if (typeof node !== 'object' || node === null || !(String(part) in node)) return null;
    node = (node as Record<string, unknown>)[String(part)];
    field.push(typeof part === 'number' ? part : /^\d+$/.test(part) ? Number(part) : part);
  }
  const group = typeof node === 'object' && node !== null && !Array.isArray(node);
  const rows = Array.isArray(node) && node.some((item) => typeof item === 'object' && item !== null);
  return group || rows ? null : field;
}

/** The field paths the API's field errors name (`data.errors[].path`, dot separated). */
export function serverPath(path: string): string[] {
  return path.split('.').filter(Boolean);
}

const last = (field: FieldPath | null) => field?.at(-1);

function problemOf(values: SettingsValues, issue: z.core.$ZodIssue): SettingsProblem {
  const field = fieldOf(values, issue.path);
  const name = last(field);
  if (name === 'airlines') return { field, key: 'agencySettings.errors.airlineCode' };
  if (name === 'suppliers') return { field, key: 'agencySettings.errors.supplier' };
  if (issue.code === 'invalid_format' || (typeof name === 'string' && /url$/i.test(name))) {
    return { field, key: 'agencySettings.errors.url' };
  }
  if (issue.code === 'invalid_type') return { field, key: 'agencySettings.errors.required' };
  if (issue.code === 'too_big' && issue.origin === 'array') {
    return { field, key: 'agencySettings.errors.tooMany', values: { max: Number(issue.maximum) } };
  }
  if (issue.code === 'too_small' || issue.code === 'too_big') {
    if (name === 'maxResponseTimeMs') {
      return { field, key: 'agencySettings.errors.seconds', values: { min: 1, max: 60 } };
    }
    const bound = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
    const percent = field?.[1] === 'priceAdjustments' && rowUnit(values, field) === 'percent';
    const shown = percent
      ? `${bound} %`
      : isMoney(field)
        ? major(bound, values.common.settlementCurrency)
        : bound;
    return issue.code === 'too_small'
      ? { field, key: 'agencySettings.errors.min', values: { min: shown } }
      : { field, key: 'agencySettings.errors.max', values: { max: shown } };
  }
  if (issue.code === 'custom' && issue.message.startsWith('agencySettings.')) {
    return { field, key: issue.message };
  }
  return { field, key: 'agencySettings.errors.invalid' };
}

function rowUnit(values: SettingsValues, field: FieldPath): string | undefined {
  const row = values.flight.priceAdjustments[Number(field[2])];
  return row?.unit;
}

/** Fields shown in major units of the settlement currency (the schema's bounds are minor units). */
function isMoney(field: FieldPath | null): boolean {
  if (!field) return false;
  const name = last(field);
  return (
    (field[0] === 'common' && name === 'creditAlertThreshold') ||
    field[1] === 'serviceFees' ||
    (field[1] === 'priceAdjustments' && (name === 'limit' || name === 'value'))
  );
}
