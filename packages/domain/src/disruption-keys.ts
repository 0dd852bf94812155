// No zod, and apart from the reasons: only the disruption pages load the `disruptions.*` messages.
import type { DisruptionStatus, DisruptionType } from './after-sales-reasons';

/** i18n key of a disruption type. */
export const disruptionTypeKey = (type: DisruptionType) => `disruptions.type.${type}`;
/** i18n key of a disruption status. */
export const disruptionStatusKey = (status: DisruptionStatus) => `disruptions.status.${status}`;
