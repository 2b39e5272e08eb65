import { catalogueKeyForUrl } from './catalogue-keys';

describe('catalogueKeyForUrl', () => {
  it.each([
    ['/api/travel-packs/', 'packs', '/api/travel-packs'],
    ['/api/travel-packs', 'packs', '/api/travel-packs'],
    ['/api/travel-packs/?page=2', 'packs', '/api/travel-packs'],
    ['/api/travel-packs-featured/', 'packs:featured', '/api/travel-packs-featured'],
    ['/api/travel-packs/7/', 'pack:7', '/api/travel-packs/:id'],
    ['/api/travel-pack/destination/3/', 'packs:destination:3', '/api/travel-pack/destination/:id'],
    ['/api/destinations', 'destinations', '/api/destinations'],
    ['/api/destinations-featured/', 'destinations:featured', '/api/destinations-featured'],
    ['/api/destinations/3/', 'destination:3', '/api/destinations/:id'],
    ['/api/destinations//3//', 'destination:3', '/api/destinations/:id'],
    ['/api/destinations/3/related/', 'destination:3:related', '/api/destinations/:id/related'],
    ['/api/destinations/3/things-to-do', 'destination:3:things', '/api/destinations/:id/things-to-do'],
  ])('maps %s to %s (route %s)', (url, key, route) => {
    expect(catalogueKeyForUrl(url)).toEqual({ key, route });
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
