import { weatherIcon, weatherIconLabel, weatherIconUrl } from './weather-icons';

describe('weatherIcon', () => {
  it.each([
    [0, '01d'],
    [1, '02d'],
    [2, '03d'],
    [3, '04d'],
    [45, '50d'],
    [48, '50d'],
    [53, '09d'],
    [57, '09d'],
    [63, '10d'],
    [66, '13d'],
    [75, '13d'],
    [77, '13d'],
    [81, '09d'],
    [86, '13d'],
    [95, '11d'],
    [99, '11d'],
  ])('maps WMO code %i to %s by day', (code, icon) => {
    expect(weatherIcon(code)).toBe(icon);
  });

  it('uses the night variant at night', () => {
    expect(weatherIcon(0, false)).toBe('01n');
    expect(weatherIcon(61, false)).toBe('10n');
  });

  it('falls back to scattered clouds for an unknown code', () => {
    expect(weatherIcon(42)).toBe('03d');
    expect(weatherIcon(-1, false)).toBe('03n');
  });
});

describe('weather icon labels and URLs', () => {
  it('labels day and night icons alike in Spanish', () => {
    expect(weatherIconLabel('10d')).toBe('Lluvia');
    expect(weatherIconLabel('01n')).toBe('Despejado');
    expect(weatherIconLabel('xx')).toBe('Clima');
  });

  it('points at the icon set the site draws', () => {
    expect(weatherIconUrl('02n')).toBe('https://openweathermap.org/img/wn/02n@2x.png');
  });
});
