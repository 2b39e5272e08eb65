import sharp from 'sharp';
import { Destination } from '../../src/catalogue/entities/destination.entity';
import { TravelPack } from '../../src/catalogue/entities/travel-pack.entity';
import { Lead } from '../../src/leads/entities/lead.entity';
import { TestApp } from './test-app';

/** Fixtures of the back-office tests, written straight to the database. */
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export function seedDestination(t: TestApp, values: Partial<Destination> = {}): Promise<Destination> {
  const repo = t.dataSource.getRepository(Destination);
  return repo.save(
    repo.create({ name: 'Punta Cana', location: 'Dominican Republic', description: 'Beaches.', ...values }),
  );
}

export function seedPack(t: TestApp, destinationId: number, values: Partial<TravelPack> = {}): Promise<TravelPack> {
  const repo = t.dataSource.getRepository(TravelPack);
  return repo.save(
    repo.create({
      name: 'All inclusive',
      description: 'Five nights.',
      price: 500,
      discount_price: 400,
      features: [],
      amenities: ['Pool'],
      destination_id: destinationId,
      available_from: '2030-01-01',
      available_to: '2030-12-31',
      ...values,
    }),
  );
}

let leadCounter = 0;
export function seedLead(t: TestApp, destinationId: number, values: Partial<Lead> = {}): Promise<Lead> {
  leadCounter += 1;
  const repo = t.dataSource.getRepository(Lead);
  return repo.save(
    repo.create({
      first_name: 'Lead',
      last_name: `Number${leadCounter}`,
      email: `lead${leadCounter}@example.com`,
      phone: '5551234567',
      destination_id: destinationId,
      ...values,
    }),
  );
}

const canvas = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });

export const pngBytes = (width = 320, height = 200) => canvas(width, height).png().toBuffer();
export const jpegBytes = (width = 1900, height = 900) => canvas(width, height).jpeg().toBuffer();
export const webpBytes = (width = 640, height = 480) => canvas(width, height).webp().toBuffer();
