/** Travel pack form: rules and English messages for the back-office. */
import { LIMITS } from '../limits';
import { requiredLine, requiredText } from './admin-fields';
import { FieldRule, idRule, optionalBoolean } from './form';
import { isBlank, isCalendarDate } from './primitives';

const PRICE_MAX = LIMITS.pack.priceMax;
const DECIMALS = LIMITS.pack.priceDecimals;

export const PACK_MESSAGES = {
  amenitiesList: 'Amenities must be a list',
  amenitiesMax: `A pack can have at most ${LIMITS.pack.amenities} amenities`,
  amenity: (n: number) => `Amenity ${n} must be a non-empty string`,
  amenityLength: (n: number) => `Amenity ${n} cannot exceed ${LIMITS.pack.itemLength} characters`,
  featuresList: 'Features must be a list',
  featuresMax: `A pack can have at most ${LIMITS.pack.features} features`,
  feature: (n: number) => `Feature ${n} must be a non-empty string`,
  featureLength: (n: number) => `Feature ${n} cannot exceed ${LIMITS.pack.itemLength} characters`,
  priceRequired: 'Price is required',
  pricePositive: 'Price must be a positive number',
  priceMax: `Price cannot exceed ${PRICE_MAX}`,
  priceDecimals: `Price can have at most ${DECIMALS} decimal places`,
  discountPositive: 'Discount price must be a positive number',
  discountMax: `Discount price cannot exceed ${PRICE_MAX}`,
  discountDecimals: `Discount price can have at most ${DECIMALS} decimal places`,
  discountBelowPrice: 'Discount price must be less than price',
  destinationRequired: 'Destination is required',
  destinationNotFound: 'Destination not found',
  fromRequired: 'Available from date is required',
  toRequired: 'Available to date is required',
  dateFormat: 'Invalid date format (YYYY-MM-DD)',
  toBeforeFrom: 'Available to date must be after available from date',
} as const;

const MONEY = /^\d{1,4}(\.\d+)?$/;
/** At most the allowed number of decimals, as typed. */
const DECIMAL_TEXT = new RegExp(`^\\d+(\\.\\d{1,${DECIMALS}})?$`);

/** A price as a number, or undefined when it is not a plain decimal number. */
export function parseMoney(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && MONEY.test(value.trim())) return Number(value.trim());
  return undefined;
}

function moneyProblem(value: unknown, m: { positive: string; max: string; decimals: string }): string | undefined {
  const n = parseMoney(value);
  if (n === undefined || n <= 0)
    return typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()) ? m.max : m.positive;
  if (n > PRICE_MAX) return m.max;
  if (!DECIMAL_TEXT.test(typeof value === 'string' ? value.trim() : String(value))) return m.decimals;
  return undefined;
}

function stringList(
  max: number,
  m: { list: string; max: string; item: (n: number) => string; length: (n: number) => string },
): FieldRule {
  return (value) => {
    if (value === undefined || value === null) return undefined;
    if (!Array.isArray(value)) return m.list;
    if (value.length > max) return m.max;
    for (let i = 0; i < value.length; i += 1) {
      if (typeof value[i] !== 'string' || value[i].trim() === '') return m.item(i + 1);
      if (value[i].trim().length > LIMITS.pack.itemLength) return m.length(i + 1);
    }
    return undefined;
  };
}

const dateRule =
  (required: string): FieldRule =>
  (value) => {
    if (isBlank(value)) return required;
    return isCalendarDate(value) ? undefined : PACK_MESSAGES.dateFormat;
  };

export const PACK_RULES: Record<string, FieldRule> = {
  name: requiredLine('Name', LIMITS.pack.name),
  description: requiredText('Description', LIMITS.pack.description),
  price: (value) =>
    isBlank(value)
      ? PACK_MESSAGES.priceRequired
      : moneyProblem(value, {
          positive: PACK_MESSAGES.pricePositive,
          max: PACK_MESSAGES.priceMax,
          decimals: PACK_MESSAGES.priceDecimals,
        }),
  discount_price: (value, values) => {
    if (isBlank(value)) return undefined;
    const problem = moneyProblem(value, {
      positive: PACK_MESSAGES.discountPositive,
      max: PACK_MESSAGES.discountMax,
      decimals: PACK_MESSAGES.discountDecimals,
    });
    if (problem) return problem;
    // Compared only with a valid price: an invalid price already has its own message.
    const price = PACK_RULES.price(values.price, values) ? undefined : parseMoney(values.price);
    return price !== undefined && (parseMoney(value) as number) >= price ? PACK_MESSAGES.discountBelowPrice : undefined;
  },
  amenities: stringList(LIMITS.pack.amenities, {
    list: PACK_MESSAGES.amenitiesList,
    max: PACK_MESSAGES.amenitiesMax,
    item: PACK_MESSAGES.amenity,
    length: PACK_MESSAGES.amenityLength,
  }),
  features: stringList(LIMITS.pack.features, {
    list: PACK_MESSAGES.featuresList,
    max: PACK_MESSAGES.featuresMax,
    item: PACK_MESSAGES.feature,
    length: PACK_MESSAGES.featureLength,
  }),
  /** `destination` (an id, as the original client sent it) is accepted in place of destination_id. */
  destination_id: (value, values) =>
    idRule(PACK_MESSAGES.destinationRequired, 'Destination')(value ?? values.destination, values),
  destination: idRule(null, 'Destination'),
  available_from: dateRule(PACK_MESSAGES.fromRequired),
  available_to: (value, values) => {
    const problem = dateRule(PACK_MESSAGES.toRequired)(value, values);
    if (problem) return problem;
    return isCalendarDate(values.available_from) && (value as string) < values.available_from
      ? PACK_MESSAGES.toBeforeFrom
      : undefined;
  },
  is_featured: optionalBoolean('Featured'),
};
