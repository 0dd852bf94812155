/**
 * The error-code catalogue: one numeric code per situation a client may handle, with the i18n key
 * of its message and the HTTP status class. Messages for each key live in `error-messages.ts`.
 */
export const ERRORS = {
  ILLEGAL_INPUT: { code: 100001, key: 'error.illegalInput', status: 400 },
  LOGIN_REQUIRED: { code: 100002, key: 'router.login', status: 401 },
  NO_ACCESS: { code: 100003, key: 'router.notRole', status: 403 },
  NOT_FOUND: { code: 100004, key: 'axios.notFound.text', status: 404 },
  XSRF_MISMATCH: { code: 100005, key: 'error.xsrf', status: 403 },
  TOO_MANY_REQUESTS: { code: 100006, key: 'error.tooManyRequests', status: 429 },
  IDEMPOTENCY_CONFLICT: { code: 100007, key: 'error.idempotencyConflict', status: 409 },
  PAYLOAD_TOO_LARGE: { code: 100008, key: 'error.payloadTooLarge', status: 413 },
  SEARCH_RATE_LIMITED: { code: 100009, key: 'error.rateLimited.search', status: 429 },
  BOOKING_RATE_LIMITED: { code: 100010, key: 'error.rateLimited.booking', status: 429 },
  UPLOAD_RATE_LIMITED: { code: 100011, key: 'error.rateLimited.upload', status: 429 },
  LOGIN_IP_RATE_LIMITED: { code: 100012, key: 'error.rateLimited.login', status: 429 },
  /** Too many wrong passwords for one account (login from any address, or a password change): a growing wait. */
  ACCOUNT_RATE_LIMITED: { code: 100014, key: 'error.rateLimited.account', status: 429 },
  OCR_BUSY: { code: 100013, key: 'error.ocrBusy', status: 429 },
  /** Partnership enquiries from one client address, or for one e-mail address, past their limit (docs/public-face.md). */
  APPLICATION_RATE_LIMITED: { code: 100020, key: 'error.rateLimited.application', status: 429 },
  INTERNAL: { code: 100500, key: 'error.internal', status: 500 },
  SERVICE_UNAVAILABLE: { code: 100503, key: 'error.unavailable', status: 503 },

  SESSION_EXPIRED: { code: 200005, key: 'axios.login.timeout', status: 401 },
  SESSION_REVOKED: { code: 200006, key: 'axios.login.timeout', status: 401 },
  USER_DISABLED: { code: 201001, key: 'error.userDisabled', status: 403 },
  USERNAME_FORMAT: { code: 201002, key: 'login.error.usernameFormat', status: 400 },
  INVALID_CREDENTIALS: { code: 201003, key: 'login.error.invalidCredentials', status: 401 },
  OLD_PASSWORD_WRONG: { code: 201004, key: 'profile.password.oldWrong', status: 400 },
  PASSWORD_LENGTH: { code: 201005, key: 'profile.password.length', status: 400 },
  SSO_INVALID: { code: 201010, key: 'login.sso.invalid', status: 401 },
  SSO_EXPIRED: { code: 201011, key: 'login.sso.expired', status: 401 },
  SSO_REPLAYED: { code: 201012, key: 'login.sso.replayed', status: 409 },

  EXCHANGE_RATE_UNAVAILABLE: { code: 300001, key: 'currency.rateError', status: 503 },

  JOURNEY_INVALID: { code: 400001, key: 'shopping.error.journeyInvalid', status: 400 },
  SEARCH_NOT_FOUND: { code: 400002, key: 'shopping.error.searchNotFound', status: 404 },
  SOLUTION_NOT_FOUND: { code: 400003, key: 'shopping.error.solutionNotFound', status: 404 },
  SOLUTION_EXPIRED: { code: 400004, key: 'shopping.error.solutionExpired', status: 410 },
  PNR_UNREADABLE: { code: 400005, key: 'shopping.error.pnrUnreadable', status: 422 },
  FLIGHT_NOT_FOUND: { code: 400006, key: 'shopping.error.flightNotFound', status: 404 },

  ORDER_NOT_FOUND: { code: 500001, key: 'order.error.notFound', status: 404 },
  ILLEGAL_TRANSITION: { code: 500002, key: 'order.error.illegalTransition', status: 409 },
  BOOKING_FAILED: { code: 500003, key: 'order.error.bookingFailed', status: 502 },

  INSUFFICIENT_BALANCE: { code: 600001, key: 'payment.error.insufficientBalance', status: 402 },
  PAYMENT_UNPROCESSABLE: { code: 600002, key: 'payment.error.cannotProcess', status: 422 },
  PAYMENT_FAILED: { code: 600003, key: 'payment.error.failed', status: 402 },
  PAYMENT_TIMEOUT: { code: 600004, key: 'payment.error.timeout', status: 504 },
  PAYMENT_EXPIRED: { code: 600005, key: 'payment.error.expired', status: 410 },
  PAYMENT_DISABLED: { code: 600006, key: 'payment.error.disabled', status: 403 },
  PAYMENT_CHANNEL_UNAVAILABLE: { code: 600007, key: 'payment.error.channelUnavailable', status: 400 },
  PAYMENT_SIGNATURE_INVALID: { code: 600008, key: 'payment.error.signatureInvalid', status: 401 },

  PASSENGER_INVALID: { code: 700001, key: 'passenger.error.invalid', status: 400 },
  PASSENGER_COUNT_MISMATCH: { code: 700002, key: 'passenger.error.countMismatch', status: 400 },
  FREQUENT_PASSENGER_LIMIT: { code: 700003, key: 'passenger.error.frequentLimit', status: 409 },
  CONTACT_INVALID: { code: 700004, key: 'passenger.error.contactInvalid', status: 400 },
  DOCUMENT_UNREADABLE: { code: 700005, key: 'passenger.error.documentUnreadable', status: 422 },
  /** A seat or bag selection breaks a rule (docs/ancillaries.md): every error in `data.errors`. */
  ANCILLARY_INVALID: { code: 700006, key: 'ancillary.error.invalid', status: 400 },
  /** The order's supplier does not sell seats or bags after issue. */
  ANCILLARY_NOT_SOLD: { code: 700008, key: 'ancillary.error.notSold', status: 409 },

  UPLOAD_TYPE_NOT_ALLOWED: { code: 800001, key: 'upload.error.typeNotAllowed', status: 415 },
  UPLOAD_EMPTY: { code: 800002, key: 'upload.error.empty', status: 400 },
  UPLOAD_FAILED: { code: 800003, key: 'upload.error.failed', status: 500 },

  QUOTE_CHANGED: { code: 500004, key: 'order.error.quoteChanged', status: 409 },
  AMOUNT_ABOVE_MAXIMUM: { code: 600009, key: 'wallet.error.amountAboveMaximum', status: 400 },
  BALANCE_ABOVE_MAXIMUM: { code: 600010, key: 'wallet.error.balanceAboveMaximum', status: 400 },
  /** A funding or transfer reference already credited to the same agency; the earlier entry is named. */
  DUPLICATE_REFERENCE: { code: 600011, key: 'wallet.error.duplicateReference', status: 409 },
  /** A provider's webhook whose signature (or payload) could not be verified: nothing changed. */
  PAYMENT_WEBHOOK_INVALID: { code: 600012, key: 'payment.error.webhookInvalid', status: 400 },
  /** The payment provider could not be reached or answered with an error of its own. */
  PAYMENT_PROVIDER_UNAVAILABLE: { code: 600013, key: 'payment.error.providerUnavailable', status: 502 },
  OCR_TIMEOUT: { code: 800004, key: 'upload.error.readTimeout', status: 503 },
  /** A supporting document refused (type, size, count): the spec's upload message, the detail in `data`. */
  DOCUMENT_REJECTED: { code: 800005, key: 'upload.error.failed', status: 400 },
  DOCUMENT_NOT_ATTACHABLE: { code: 800006, key: 'upload.error.notAttachable', status: 400 },
  /** An image with a PNG or JPEG signature that does not fully decode (bad checksum, truncated, bad data). */
  IMAGE_UNDECODABLE: { code: 800007, key: 'upload.error.imageUndecodable', status: 415 },
  /** A ticket-segment of the selection is in a live change, refund or void, or already refunded or voided. */
  TICKET_IN_AFTER_SALES: { code: 500010, key: 'order.error.ticketInAfterSales', status: 409 },
  VOID_WINDOW_CLOSED: { code: 500011, key: 'order.error.voidWindowClosed', status: 410 },
  CONFIRM_DEADLINE_PASSED: { code: 500012, key: 'order.error.confirmDeadlinePassed', status: 410 },
  /**
   * An involuntary refund reason on a booking with no disruption or schedule change recorded by the
   * supplier: the desk reviews it, and it needs at least one supporting document.
   */
  REFUND_DOCUMENT_REQUIRED: { code: 500013, key: 'afterSales.error.involuntaryDocument', status: 400 },
  /**
   * The airline-schedule-change reason of a change on a booking with no disruption or schedule
   * change recorded by the supplier: that reason waives the change fee, so it is not taken.
   */
  CHANGE_DISRUPTION_REQUIRED: { code: 500014, key: 'afterSales.error.involuntaryChange', status: 400 },
  /** The fare's change terms forbid a voluntary change (`data.rule`: the terms and the airline's wording). */
  CHANGE_NOT_ALLOWED: { code: 500015, key: 'afterSales.error.changeNotAllowed', status: 409 },
  /** The fare's change terms close changes `{hours}` h before departure, and that time has passed (`data.rule`). */
  CHANGE_DEADLINE_PASSED: { code: 500016, key: 'afterSales.error.changeDeadlinePassed', status: 409 },
  /** The fare's refund terms forbid a voluntary refund now (`data.rule`: the terms and the airline's wording). */
  REFUND_NOT_ALLOWED: { code: 500017, key: 'afterSales.error.refundNotAllowed', status: 409 },
  /** The same traveller is booked on an overlapping flight in a live order of the agency (`data.duplicates`). */
  DUPLICATE_BOOKING: { code: 500020, key: 'order.error.duplicateBooking', status: 409 },
  /** A traveller document of an order not yet ticketed: the itinerary needs every passenger's ticket number. */
  DOCUMENT_NOT_READY: { code: 500050, key: 'order.error.documentNotReady', status: 409 },
  /** The order's fare gives no invoice (invoice type `none`). */
  INVOICE_NOT_OFFERED: { code: 500051, key: 'order.error.invoiceNotOffered', status: 409 },
  /** A client quote's link: unknown or past its validity, one answer for both (tokens cannot be probed). */
  CLIENT_QUOTE_NOT_FOUND: { code: 500070, key: 'clientQuotes.error.notFound', status: 404 },
  /** A client quote of an order that is paid, cancelled or past its payment deadline, or not a booking. */
  CLIENT_QUOTE_NOT_OFFERED: { code: 500071, key: 'clientQuotes.error.notOffered', status: 409 },
  DISRUPTION_NOT_FOUND: { code: 500030, key: 'disruption.error.notFound', status: 404 },
  /** The disruption is no longer in a status that allows the action (each action happens once). */
  DISRUPTION_ACTION_REFUSED: { code: 500031, key: 'disruption.error.actionRefused', status: 409 },
  USERNAME_TAKEN: { code: 201020, key: 'users.error.usernameTaken', status: 409 },
  /** The agency's last active SuperUser cannot be deleted, disabled or lose the role. */
  LAST_SUPERUSER: { code: 201021, key: 'users.error.lastSuperUser', status: 409 },
  CANNOT_DELETE_SELF: { code: 201022, key: 'users.error.cannotDeleteSelf', status: 409 },
  /** The settlement currency of an agency whose wallet holds a balance or a credit limit (spec §3). */
  SETTLEMENT_CURRENCY_LOCKED: {
    code: 201040,
    key: 'agencyManager.config.common.settlementCurrency.change',
    status: 409,
  },
  /** A notification URL that is not https (http in demo mode) or names a private, loopback or link-local address. */
  NOTIFICATION_URL_REFUSED: { code: 201041, key: 'agencySettings.error.notificationUrl', status: 400 },
  /** A generated temporary password must be replaced (PUT /base/v2/me/password) before anything else. */
  PASSWORD_CHANGE_REQUIRED: { code: 201006, key: 'profile.password.changeRequired', status: 403 },
  /** An agency is deleted only when nothing hangs on it: no balance, credit, orders or sub-agencies. */
  AGENCY_HAS_BALANCE: { code: 201030, key: 'agencyManager.error.hasBalance', status: 409 },
  AGENCY_HAS_CREDIT: { code: 201031, key: 'agencyManager.error.hasCredit', status: 409 },
  AGENCY_HAS_ORDERS: { code: 201032, key: 'agencyManager.error.hasOrders', status: 409 },
  AGENCY_HAS_SUB_AGENCIES: { code: 201033, key: 'agencyManager.error.hasSubAgencies', status: 409 },
  /** The chosen parent's config does not allow sub-agencies. */
  PARENT_CANNOT_HAVE_SUB_AGENCIES: { code: 201034, key: 'agencyManager.error.parentNotAllowed', status: 409 },
  /** A group order's final payment needs its confirmed passenger list (tickets are issued per passenger). */
  GROUP_PASSENGER_LIST_REQUIRED: { code: 500040, key: 'groupOrder.error.passengerListRequired', status: 409 },
  /** No group desk is configured to take group requests. */
  GROUP_DESK_UNAVAILABLE: { code: 500041, key: 'groupOrder.error.deskUnavailable', status: 503 },
  /** Spec §8 'Import format error': the passenger list upload is not an .xlsx of the template's columns. */
  GROUP_PASSENGER_IMPORT_FORMAT: { code: 500060, key: 'groupOrder.error.importFormat', status: 400 },
  /** Spec §8: rows carry document types the chosen quote's restrictions refuse; the rows in `data.errors`. */
  GROUP_PASSENGER_IMPORT_RESTRICTED: { code: 500061, key: 'groupOrder.error.importRestricted', status: 400 },
  /** Rows break the passenger rules of spec §5 or the counts per type; `data.errors` by row and column. */
  GROUP_PASSENGER_LIST_INVALID: { code: 500062, key: 'groupOrder.error.passengerListInvalid', status: 400 },
  /** Spec §4: a confirmed passenger list cannot be changed. */
  GROUP_PASSENGER_LIST_LOCKED: { code: 500063, key: 'groupOrder.error.passengerListLocked', status: 409 },
  /** The order's status or the list's deadline does not allow an upload or a confirmation now. */
  GROUP_PASSENGER_LIST_NOT_OPEN: { code: 500064, key: 'groupOrder.error.passengerListNotOpen', status: 409 },

  // The platform back office (9xxxxx; docs/platform.md). Sign-in: one answer for a wrong name,
  // password or code, a code used already, and a disabled admin, so none can be probed.
  PLATFORM_SIGN_IN_FAILED: { code: 900001, key: 'platform.error.signInFailed', status: 401 },
  // The platform's applications and top-level agencies (docs/platform.md).
  /** The agency (or the top-level agency above it) is suspended by the platform: no sign-in, no session, no API key. */
  AGENCY_SUSPENDED: { code: 201050, key: 'error.agencySuspended', status: 403 },
  /** The application is already converted into an agency: it is converted once, and its status no longer moves. */
  APPLICATION_CONVERTED: { code: 901001, key: 'error.applicationConverted', status: 409 },
  /** `converted` is reached only by converting the application, never set by hand. */
  APPLICATION_STATUS_REFUSED: { code: 901002, key: 'error.applicationStatus', status: 409 },
  /** Suspension and resumption are for top-level agencies only (a sub-agency follows its top-level agency). */
  AGENCY_NOT_TOP_LEVEL: { code: 901003, key: 'error.agencyNotTopLevel', status: 409 },

  // Four-eyes funding and credit of top-level agencies (902xxx; docs/transactions.md).
  /** Four-eyes: a platform request is approved or rejected by another platform admin than its requester. */
  APPROVAL_BY_REQUESTER: { code: 902001, key: 'platformFunding.error.sameAdmin', status: 409 },
  /** The platform request was already approved, rejected or cancelled (each decision happens once). */
  APPROVAL_NOT_PENDING: { code: 902002, key: 'platformFunding.error.notPending', status: 409 },
  APPROVAL_NOT_FOUND: { code: 902003, key: 'platformFunding.error.notFound', status: 404 },
  /** Only the platform admin who made a request may cancel it. */
  APPROVAL_NOT_REQUESTER: { code: 902004, key: 'platformFunding.error.notRequester', status: 409 },
  /** The platform funds and credits top-level agencies only; a sub-agency is funded by its parent. */
  FUNDING_NOT_TOP_LEVEL: { code: 902005, key: 'platformFunding.error.notTopLevel', status: 409 },
  /** The agency is suspended or deleted: no money is requested or posted for it. */
  AGENCY_NOT_ACTIVE: { code: 902006, key: 'platformFunding.error.agencyNotActive', status: 409 },
  /** Another pending funding request of the agency has the same bank reference. */
  REFERENCE_PENDING: { code: 902007, key: 'platformFunding.error.referencePending', status: 409 },
  /** No rates feed is configured, or the feed did not answer ("Import now" of the platform's rates). */
  RATES_FEED_UNAVAILABLE: { code: 903001, key: 'platformRates.error.feedUnavailable', status: 503 },
  /** The platform does not let the agency's top-level agency use the supplier (search, price check, booking). */
  SUPPLIER_NOT_ALLOWED: { code: 903002, key: 'platformRates.error.supplierNotAllowed', status: 403 },
} as const;

export type ErrorName = keyof typeof ERRORS;
export type ErrorDef = (typeof ERRORS)[ErrorName];
export type ErrorKey = ErrorDef['key'];

/** The session codes of spec §8: the client logs out and shows `axios.login.timeout`. */
export const SESSION_END_CODES: readonly number[] = [
  ERRORS.SESSION_EXPIRED.code,
  ERRORS.SESSION_REVOKED.code,
  ERRORS.USER_DISABLED.code,
];

const BY_CODE = new Map<number, ErrorDef>(Object.values(ERRORS).map((def) => [def.code, def]));

/** Looks an error up by its numeric code. */
export function errorByCode(code: number): ErrorDef | undefined {
  return BY_CODE.get(code);
}
