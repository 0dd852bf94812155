/** Area codes offered in the mobile and default-region selects; 86 is the default (spec §9). */
export const AREA_CODES = [
  '86',
  '852',
  '853',
  '886',
  '1',
  '44',
  '33',
  '49',
  '61',
  '64',
  '65',
  '60',
  '66',
  '81',
  '82',
  '971',
] as const;
