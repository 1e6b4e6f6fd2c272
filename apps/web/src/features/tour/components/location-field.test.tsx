import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LocationField, pointOf } from './location-field';
import { TourFieldForm, json, renderWithApp } from './tour-fields-test-utils';

const TOKENS = {
  captcha_provider: 'altcha',
  captcha_key: '/spa/captcha/challenge',
  hard_captcha_key: '/spa/captcha/challenge?hard=1',
  invisible_captcha_provider: 'altcha',
  invisible_captcha_key: '/spa/captcha/challenge?invisible=1',
  maps_provider: 'osm',
  maps_token: '',
  maps_suggest_token: '',
  // no test reaches the internet: these tiles never load
  map_tiles_url: 'https://tiles.invalid/{z}/{x}/{y}.png',
  map_tiles_attribution: 'Test tiles <b>©</b>',
};

const renderLocation = (defaults: { lat: number | null; lng: number | null }, language: 'en' | 'ru' = 'en') => {
  const fetch = vi.fn(async (input: RequestInfo | URL) =>
    String(input).includes('/spa/site-tokens') ? json(200, TOKENS) : json(404, { message: 'Not found' }),
  );
  vi.stubGlobal('fetch', fetch);
  const send = vi.fn();
  renderWithApp(
    <TourFieldForm defaults={defaults} send={send}>
      <LocationField latName="lat" lngName="lng" label={language === 'ru' ? 'Точка на карте' : 'Point on the map'} />
    </TourFieldForm>,
    { language },
  );
  const save = async () => {
    send.mockClear();
    await userEvent.click(screen.getByRole('button', { name: 'Save the section' }));
    await waitFor(() => expect(send).toHaveBeenCalled());
    return send.mock.lastCall![0] as { lat: number | null; lng: number | null };
  };
  return { send, save };
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.doUnmock('./location-map');
});

describe('LocationField', () => {
  it('takes typed coordinates as numbers (a comma as the decimal point)', async () => {
    const { save } = renderLocation({ lat: null, lng: null });
    await userEvent.type(screen.getByLabelText('Latitude'), '51,7904');
    await userEvent.type(screen.getByLabelText('Longitude'), '85.7229');
    expect(await save()).toEqual({ lat: 51.7904, lng: 85.7229 });
  });

  it('refuses a latitude out of range on its input, and sends nothing until it is fixed', async () => {
    const { send, save } = renderLocation({ lat: null, lng: null });
    const lat = screen.getByLabelText('Latitude');
    await userEvent.type(lat, '95');
    await userEvent.type(screen.getByLabelText('Longitude'), '-200');
    await userEvent.click(screen.getByRole('button', { name: 'Save the section' }));
    expect(await screen.findByText('Maximum 90')).toBeInTheDocument();
    expect(screen.getByText('Minimum -180')).toBeInTheDocument();
    expect(lat).toHaveAttribute('aria-invalid', 'true');
    expect(lat).toHaveAccessibleDescription('Maximum 90');
    expect(send).not.toHaveBeenCalled();

    await userEvent.clear(lat);
    await userEvent.type(lat, '45.5');
    await userEvent.clear(screen.getByLabelText('Longitude'));
    await userEvent.type(screen.getByLabelText('Longitude'), '-120');
    await waitFor(() => expect(screen.queryByText('Maximum 90')).not.toBeInTheDocument());
    expect(await save()).toEqual({ lat: 45.5, lng: -120 });
  });

  it('shows the stored point and clears it, in Russian', async () => {
    const { save } = renderLocation({ lat: 51.79, lng: 85.72 }, 'ru');
    expect(screen.getByRole('group', { name: 'Точка на карте' })).toBeInTheDocument();
    expect(screen.getByLabelText('Широта')).toHaveValue('51.79');
    await userEvent.click(screen.getByRole('button', { name: 'Убрать точку' }));
    expect(screen.getByLabelText('Широта')).toHaveValue('');
    expect(screen.getByLabelText('Долгота')).toHaveValue('');
    expect(await save()).toEqual({ lat: null, lng: null });
  });

  it('loads the map with the tiles of /spa/site-tokens, and a click on it puts the point', async () => {
    const { save } = renderLocation({ lat: null, lng: null });
    const map = screen.getByRole('group', { name: /^Map: a click puts the tour’s point/ });
    await waitFor(() => expect(map).toHaveAttribute('data-state', 'ready'));
    // the attribution is the server's text, never its markup
    expect(map).toHaveTextContent('Test tiles <b>©</b>');
    expect(map.querySelector('img.leaflet-tile')?.getAttribute('src')).toMatch(
      /^https:\/\/tiles\.invalid\/3\/\d+\/\d+\.png$/,
    );

    // no tile can load (no internet): the map says so and stays usable
    fireEvent.error(map.querySelector('img.leaflet-tile')!);
    expect(await screen.findByText(/The map could not load its images/)).toHaveAttribute('role', 'status');

    // jsdom lays nothing out: a click lands at the map's centre (50, 70), to a pixel
    fireEvent.click(map);
    await waitFor(() => expect(screen.getByLabelText('Latitude')).not.toHaveValue(''));
    const { lat, lng } = await save();
    expect(lat).toBeCloseTo(50, 0);
    expect(lng).toBeCloseTo(70, 0);
    // six decimals at most, and the inputs show what is sent
    expect(lat).toBe(Math.round(lat! * 1e6) / 1e6);
    expect(screen.getByLabelText('Latitude')).toHaveValue(String(lat));
    expect(screen.getByLabelText('Longitude')).toHaveValue(String(lng));
    expect(map.querySelector('.tour-map-pin')).not.toBeNull();
  });

  it('says the map is not available when it cannot load, and the coordinates still work', async () => {
    vi.doMock('./location-map', () => ({
      createLocationMap: () => {
        throw new Error('no WebGL, no DOM, no luck');
      },
    }));
    const { save } = renderLocation({ lat: null, lng: null });
    expect(await screen.findByText('The map is not available: type the coordinates.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Latitude'), '-33.86');
    await userEvent.type(screen.getByLabelText('Longitude'), '151.21');
    expect(await save()).toEqual({ lat: -33.86, lng: 151.21 });
  });
});

describe('pointOf', () => {
  it('is a point only for two numbers in range', () => {
    expect(pointOf(51.7, 85.7)).toEqual({ lat: 51.7, lng: 85.7 });
    expect(pointOf(90, -180)).toEqual({ lat: 90, lng: -180 });
    expect(pointOf(91, 0)).toBeNull();
    expect(pointOf(0, 180.5)).toBeNull();
    expect(pointOf(Number.NaN, 0)).toBeNull();
    expect(pointOf(null, 10)).toBeNull();
    expect(pointOf('51', 10)).toBeNull();
  });
});
