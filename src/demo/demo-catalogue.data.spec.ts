import { LIMITS } from '../../shared/limits';
import { DESTINATION_RULES, THING_TO_DO_RULES } from '../../shared/rules/destination';
import { validateForm } from '../../shared/rules/form';
import { PACK_RULES } from '../../shared/rules/pack';
import { DEMO_DESTINATIONS } from './demo-catalogue.data';
import { addMonths, availability, calendarDate } from './demo-dates';
import { demoImagePlan, filesOf } from './demo-images';

describe('demo catalogue data', () => {
  it('names the five destinations of the social proof, with unique slugs', () => {
    expect(DEMO_DESTINATIONS.map((d) => d.name)).toEqual(
      expect.arrayContaining(['Punta Cana', 'Cancún', 'Orlando', 'Las Vegas', 'Cabo San Lucas']),
    );
    expect(new Set(DEMO_DESTINATIONS.map((d) => d.slug)).size).toBe(DEMO_DESTINATIONS.length);
  });

  it.each(DEMO_DESTINATIONS.map((d) => [d.name, d] as const))('%s passes the back-office rules', (_name, d) => {
    expect(
      validateForm(DESTINATION_RULES, {
        name: d.name,
        location: d.location,
        description: d.description,
        status: 'active',
        is_priority: d.is_priority,
      }),
    ).toEqual({});
    expect(d.description.length).toBeGreaterThanOrEqual(200);
    expect(d.description.length).toBeLessThanOrEqual(600);
    expect(d.things_to_do.length).toBeGreaterThanOrEqual(3);
    expect(d.things_to_do.length).toBeLessThanOrEqual(LIMITS.thingsToDo.perDestination);
    for (const thing of d.things_to_do) expect(validateForm(THING_TO_DO_RULES, thing)).toEqual({});
    expect(d.packs.length).toBeGreaterThanOrEqual(2);
    expect(d.packs.length).toBeLessThanOrEqual(3);
    for (const { starts, months, ...pack } of d.packs) {
      const dates = availability(new Date(2025, 0, 31), starts, months);
      expect(validateForm(PACK_RULES, { ...pack, destination_id: 1, ...dates })).toEqual({});
      const off = (pack.price - pack.discount_price) / pack.price;
      expect(off).toBeGreaterThanOrEqual(0.3);
      expect(off).toBeLessThanOrEqual(0.45);
      expect(pack.features.length).toBeGreaterThanOrEqual(3);
      expect(pack.features.length).toBeLessThanOrEqual(5);
      expect(months).toBeGreaterThanOrEqual(6);
      expect(months).toBeLessThanOrEqual(12);
    }
    expect(d.gallery.length).toBeGreaterThanOrEqual(3);
    expect(d.gallery.length).toBeLessThanOrEqual(6);
    expect(d.hotel.length).toBeGreaterThanOrEqual(3);
    expect(d.hotel.length).toBeLessThanOrEqual(4);
  });

  it('features at least four packs and puts Punta Cana and Cancún first', () => {
    expect(DEMO_DESTINATIONS.flatMap((d) => d.packs).filter((p) => p.is_featured).length).toBeGreaterThanOrEqual(4);
    expect(
      DEMO_DESTINATIONS.filter((d) => d.is_priority)
        .map((d) => d.name)
        .sort(),
    ).toEqual(['Cancún', 'Punta Cana']);
  });

  it('plans one file per picture with the upload variants beside it', () => {
    const plan = demoImagePlan(DEMO_DESTINATIONS[0]);
    expect(plan.main.path).toBe('seed/punta-cana-main.webp');
    expect(filesOf(plan.main).map((f) => f.path)).toEqual([
      'seed/punta-cana-main.webp',
      'seed/punta-cana-main-800w.webp',
      'seed/punta-cana-main-400w.webp',
    ]);
    expect(plan.gallery[1].path).toBe('seed/punta-cana-gallery-2.webp');
    expect(plan.hotel.map((j) => [j.width, j.height])).toEqual(plan.hotel.map(() => [1200, 800]));
  });
});

describe('demo pack dates', () => {
  it('starts today or on the first of next month', () => {
    expect(availability(new Date(2025, 4, 17, 23, 30), 'today', 6)).toEqual({
      available_from: '2025-05-17',
      available_to: '2025-11-17',
    });
    expect(availability(new Date(2025, 11, 31), 'next-month', 12)).toEqual({
      available_from: '2026-01-01',
      available_to: '2027-01-01',
    });
  });

  it('keeps month ends inside shorter months', () => {
    expect(calendarDate(addMonths(new Date(2024, 0, 31), 1))).toBe('2024-02-29');
    expect(calendarDate(addMonths(new Date(2025, 7, 31), 6))).toBe('2026-02-28');
  });
});
