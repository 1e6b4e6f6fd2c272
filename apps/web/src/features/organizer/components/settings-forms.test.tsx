import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SettingsContactsForm } from './settings-contacts-form';
import { SettingsCancellationForm } from './settings-cancellation-form';
import { SettingsMainForm } from './settings-main-form';
import { OrganizerCreateForm } from './organizer-create-form';
import { json, makeOrganizer, renderWithApp } from './test-utils';
import { validationError } from '../../../test/error-bodies';

const noUpload = vi.fn();

afterEach(() => vi.unstubAllGlobals());

const bodyOf = (fetch: ReturnType<typeof vi.fn>, call = 0) =>
  JSON.parse(String((fetch.mock.calls[call]?.[1] as RequestInit).body)) as Record<string, unknown>;

describe('organizer settings forms', () => {
  it('shows the exact SPEC §5 messages and sends nothing while a field of the tab is invalid', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<SettingsContactsForm organizer={makeOrganizer()} />);
    await userEvent.type(screen.getByLabelText('E-mail'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Phone'), '12345');
    await userEvent.type(screen.getByLabelText('Website'), 'nowhere');
    await userEvent.type(screen.getByLabelText('Post code'), '!!');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a valid e-mail')).toBeInTheDocument();
    expect(
      screen.getByText('Invalid phone number. Please enter the number in the international format.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Incorrect url')).toBeInTheDocument();
    expect(screen.getByText('Incorrect value')).toBeInTheDocument();
    // a half-filled tab never saves a part
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offers Save only once something changed, and again after the change is undone', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<SettingsMainForm organizer={makeOrganizer()} uploadImage={noUpload} />);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.type(screen.getByLabelText('INN'), '7');
    expect(save).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(save).toBeDisabled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says what marketplaces that require a tour expert still need, and takes the person to the field', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderWithApp(<SettingsMainForm organizer={makeOrganizer()} uploadImage={noUpload} />);
    const needs = screen.getByRole('region', { name: 'Marketplaces that require a tour expert still need' });
    expect(
      within(needs)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['First name', 'Last name', 'About the tour expert']);
    await userEvent.click(within(needs).getByRole('button', { name: 'About the tour expert' }));
    expect(screen.getByLabelText('About the tour expert')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('About the tour expert'), 'Guides the Altai since 2009');
    const author = screen.getByRole('region', { name: 'Tour expert' });
    await userEvent.type(within(author).getByLabelText('First name'), 'Ivan');
    await userEvent.type(within(author).getByLabelText('Last name'), 'Petrov');
    expect(screen.getByRole('status')).toHaveTextContent('The tour expert is ready for marketplaces that require one');
  });

  it('requires the name on the main tab', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<SettingsMainForm organizer={makeOrganizer()} uploadImage={noUpload} />);
    await userEvent.clear(screen.getByLabelText(/^Name/));
    await userEvent.type(screen.getByLabelText('INN'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required field')).toBeInTheDocument();
    expect(within(screen.getByLabelText('INN').parentElement as HTMLElement).getByRole('alert')).toHaveTextContent(
      'Incorrect value',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('puts 422 errors on nested fields (legal_address.post_code, work_hours.N.to)', async () => {
    const fetch = vi.fn().mockResolvedValue(
      json(
        422,
        validationError({
          'legal_address.post_code': 'incorrect_value',
          'contacts.email': 'email',
          'work_hours.0.to': 'required',
        }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<SettingsContactsForm organizer={makeOrganizer()} />);
    await userEvent.type(screen.getByLabelText('City'), 'Barnaul');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const postCode = screen.getAllByLabelText('Post code')[0] as HTMLElement;
    await waitFor(() => expect(postCode).toHaveAttribute('aria-invalid', 'true'));
    expect(within(postCode.parentElement as HTMLElement).getByRole('alert')).toHaveTextContent('Incorrect value');
    expect(within(screen.getByLabelText('E-mail').parentElement as HTMLElement).getByRole('alert')).toHaveTextContent(
      'Please enter a valid e-mail',
    );
    expect(screen.getByText('Required field')).toBeInTheDocument();
    const body = bodyOf(fetch);
    expect(body.id).toBe(7);
    // only the tab's fields are sent
    expect(Object.keys(body).sort()).toEqual([
      'contacts',
      'id',
      'is_postal_address_same_as_legal',
      'legal_address',
      'postal_address',
      'social_links',
      'work_hours',
    ]);
    expect((body.legal_address as Record<string, string>).city).toBe('Barnaul');
  });

  it('translates server field messages in Russian', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(422, validationError({ 'contacts.email': 'email' }))));
    renderWithApp(<SettingsContactsForm organizer={makeOrganizer()} />, { language: 'ru' });
    await userEvent.type(screen.getByLabelText('E-mail'), 'team@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Введите корректный e-mail')).toBeInTheDocument();
  });

  it('sends the week with Sunday as 0 and days off without hours', async () => {
    const fetch = vi.fn().mockResolvedValue(json(200, makeOrganizer()));
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<SettingsContactsForm organizer={makeOrganizer()} />);
    await userEvent.type(screen.getByLabelText('Website'), 'https://example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const hours = bodyOf(fetch).work_hours as { day_of_week: number; is_day_off: boolean; from: string | null }[];
    expect(hours.map((d) => d.day_of_week)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(hours.find((d) => d.day_of_week === 0)).toEqual({ day_of_week: 0, is_day_off: true, from: null, to: null });
    expect(hours.find((d) => d.day_of_week === 1)).toEqual({
      day_of_week: 1,
      is_day_off: false,
      from: '09:00',
      to: '18:00',
    });
  });

  it('working hours follow the interface clock: 24-hour in Russian (no AM/PM), AM/PM in English; 24-hour is sent', async () => {
    const fetch = vi.fn().mockResolvedValue(json(200, makeOrganizer()));
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<SettingsContactsForm organizer={makeOrganizer()} />, { language: 'ru' });
    const from = screen.getByRole('textbox', { name: 'Понедельник: с' });
    const to = screen.getByRole('textbox', { name: 'Понедельник: до' });
    expect(from).toHaveValue('09:00');
    expect(to).toHaveValue('18:00');
    await userEvent.clear(to);
    await userEvent.type(to, '1930');
    await userEvent.tab();
    expect(to).toHaveValue('19:30');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const hours = bodyOf(fetch).work_hours as { day_of_week: number; from: string | null; to: string | null }[];
    expect(hours.find((d) => d.day_of_week === 1)).toMatchObject({ from: '09:00', to: '19:30' });
  });

  it('working hours in English show AM/PM and refuse what is no time', async () => {
    const fetch = vi.fn().mockResolvedValue(json(200, makeOrganizer()));
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<SettingsContactsForm organizer={makeOrganizer()} />);
    const from = screen.getByRole('textbox', { name: 'Monday: from' });
    expect(from).toHaveValue('9:00 AM');
    expect(screen.getByRole('textbox', { name: 'Monday: to' })).toHaveValue('6:00 PM');
    await userEvent.clear(from);
    await userEvent.type(from, '25:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Incorrect value')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("takes the contacts' phones with the country picker: loads unchanged, a national number goes as E.164, a bare dial code as none", async () => {
    const fetch = vi.fn().mockResolvedValue(json(200, makeOrganizer()));
    vi.stubGlobal('fetch', fetch);
    renderWithApp(
      <SettingsContactsForm
        organizer={makeOrganizer({
          contacts: { ...makeOrganizer().contacts, phone: '+79990000011', additional_phone: '' },
        })}
      />,
    );
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    expect(phone).toHaveValue('999 000-00-11');
    expect(await screen.findByText('All changes are saved')).toBeInTheDocument();
    const additional = screen.getByRole('textbox', { name: 'Additional phone' });
    await userEvent.type(additional, '9161234567');
    expect(screen.getByText('You have unsaved changes here')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(bodyOf(fetch)).toMatchObject({ contacts: { phone: '+79990000011', additional_phone: '+79161234567' } });
  });

  it('validates penalty rows and sends them as numbers', async () => {
    const fetch = vi.fn().mockResolvedValue(json(200, makeOrganizer()));
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<SettingsCancellationForm organizer={makeOrganizer()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add a penalty' }));
    await userEvent.type(screen.getByLabelText('Row 1: Penalty, % of the price'), '150');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required field')).toBeInTheDocument();
    expect(screen.getByText('Maximum 100')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Row 1: Days before the start (or fewer)'), '7');
    await userEvent.clear(screen.getByLabelText('Row 1: Penalty, % of the price'));
    await userEvent.type(screen.getByLabelText('Row 1: Penalty, % of the price'), '50');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(bodyOf(fetch).penalties).toEqual([{ days_before: 7, percent: 50 }]);
  });

  it('creates an organizer and reports the new one', async () => {
    const created = makeOrganizer({ id: 42, name: 'Baikal Trips' });
    const fetch = vi
      .fn()
      .mockImplementation((url: string) =>
        Promise.resolve(url.includes('/create') ? json(200, created) : json(200, [])),
      );
    vi.stubGlobal('fetch', fetch);
    const onCreated = vi.fn();
    renderWithApp(<OrganizerCreateForm onCreated={onCreated} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create tour provider' }));
    expect(await screen.findByText('Required field')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(/^Name/), 'Baikal Trips');
    await userEvent.click(screen.getByRole('button', { name: 'Create tour provider' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 42 })));
    expect(bodyOf(fetch)).toMatchObject({ name: 'Baikal Trips', country: 'RU', currency: 'RUB' });
  });

  it("takes the provider's phone with the kit's country picker: a national number goes as dial code + number", async () => {
    const created = makeOrganizer({ id: 42, name: 'Baikal Trips' });
    const fetch = vi
      .fn()
      .mockImplementation((url: string) =>
        Promise.resolve(url.includes('/create') ? json(200, created) : json(200, [])),
      );
    vi.stubGlobal('fetch', fetch);
    const onCreated = vi.fn();
    renderWithApp(<OrganizerCreateForm onCreated={onCreated} />);
    await userEvent.type(screen.getByLabelText(/^Name/), 'Baikal Trips');
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    const picker = within(phone.parentElement as HTMLElement).getByRole('combobox', { name: 'Country' });
    expect(picker).toHaveTextContent('+7');
    await userEvent.type(phone, '999');
    await userEvent.click(screen.getByRole('button', { name: 'Create tour provider' }));
    expect(
      await screen.findByText('Invalid phone number. Please enter the number in the international format.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Incorrect phone number')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.type(phone, '1234567');
    expect(phone).toHaveValue('999 123-45-67');
    await userEvent.click(screen.getByRole('button', { name: 'Create tour provider' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(bodyOf(fetch)).toMatchObject({ contacts: { phone: '+79991234567' } });
  });

  it('sends no phone when only a dial code was picked', async () => {
    const created = makeOrganizer({ id: 42, name: 'Baikal Trips' });
    const fetch = vi
      .fn()
      .mockImplementation((url: string) =>
        Promise.resolve(url.includes('/create') ? json(200, created) : json(200, [])),
      );
    vi.stubGlobal('fetch', fetch);
    const onCreated = vi.fn();
    renderWithApp(<OrganizerCreateForm onCreated={onCreated} />);
    await userEvent.type(screen.getByLabelText(/^Name/), 'Baikal Trips');
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    await userEvent.click(within(phone.parentElement as HTMLElement).getByRole('combobox', { name: 'Country' }));
    await userEvent.type(await screen.findByPlaceholderText('Search country or code'), 'Armenia');
    await userEvent.keyboard('{Enter}');
    expect(phone).toHaveValue('+374');
    await userEvent.click(screen.getByRole('button', { name: 'Create tour provider' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(bodyOf(fetch)).toMatchObject({ contacts: { phone: '' } });
  });
});
