import { catalogueKeyForUrl } from './catalogue-keys';

describe('catalogueKeyForUrl', () => {
  it.each([
    ['/api/travel-packs/', 'packs'],
    ['/api/travel-packs', 'packs'],
    ['/api/travel-packs/?page=2', 'packs'],
    ['/api/travel-packs-featured/', 'packs:featured'],
    ['/api/travel-packs/7/', 'pack:7'],
    ['/api/travel-pack/destination/3/', 'packs:destination:3'],
    ['/api/destinations', 'destinations'],
    ['/api/destinations-featured/', 'destinations:featured'],
    ['/api/destinations/3/', 'destination:3'],
    ['/api/destinations//3//', 'destination:3'],
    ['/api/destinations/3/related/', 'destination:3:related'],
    ['/api/destinations/3/things-to-do', 'destination:3:things'],
  ])('maps %s to %s', (url, key) => {
    expect(catalogueKeyForUrl(url)).toBe(key);
  });

  it.each([
    '/api/destinations/0/',
    '/api/travel-packs/007',
    '/api/destinations/-1/',
    '/api/destinations/abc/',
    '/api/destinations/99999999999/',
    '/api/destinations/3/weather/',
    '/api/travel-pack/destination/x/',
    '/api/admin/destinations/',
    '/destinations/',
    '/api/',
  ])('has no key for %s', (url) => {
    expect(catalogueKeyForUrl(url)).toBeNull();
  });
});
