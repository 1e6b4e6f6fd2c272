import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GuideListItem } from '@tourdesk/contract/api/tour';
import { validationError } from '../../../test/error-bodies';
import { GuidesField } from './tour-guides';
import { TourFieldForm, json, renderWithApp } from './tour-fields-test-utils';

const ORG = 3;
const guide = (patch: Partial<GuideListItem> & { id: number; first_name: string }): GuideListItem => ({
  tour_organizer_id: ORG,
  last_name: '',
  about: '',
  photo: null,
  tours_count: 0,
  ...patch,
});
const ANNA = guide({
  id: 1,
  first_name: 'Anna',
  last_name: 'Petrova',
  about: 'Mountain guide since 2010, speaks English and German.',
  tours_count: 2,
});
const IVAN = guide({ id: 2, first_name: 'Ivan', last_name: 'Sokolov', photo: { id: 40, url: '/files/40', alt: '' } });

interface Call {
  path: string;
  body: Record<string, unknown> | undefined;
}

/** The guide routes over an in-memory list, as the server answers them (delete-guide refuses a used guide without force). */
const guidesServer = (initial: GuideListItem[], { refuseCreate }: { refuseCreate?: object } = {}) => {
  let guides = [...initial];
  let nextId = 100;
  const calls: Call[] = [];
  const photoOf = (id: unknown) => (typeof id === 'number' ? { id, url: `/files/${id}`, alt: '' } : null);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ path, body });
      const fields = (b: Record<string, unknown>) => ({
        first_name: String(b.first_name),
        last_name: String(b.last_name ?? ''),
        about: String(b.about ?? ''),
        photo: photoOf(b.photo_id),
      });
      switch (path) {
        case '/crm/api/tour/guides':
          return json(200, guides);
        case '/crm/api/tour/create-guide': {
          if (refuseCreate) return json(422, refuseCreate);
          const created = guide({ id: nextId++, ...fields(body!) });
          guides.push(created);
          return json(200, created);
        }
        case '/crm/api/tour/update-guide': {
          const old = guides.find((g) => g.id === body!.guide_id)!;
          const updated = { ...old, ...fields(body!) };
          guides = guides.map((g) => (g.id === old.id ? updated : g));
          return json(200, updated);
        }
        case '/crm/api/tour/delete-guide': {
          const target = guides.find((g) => g.id === body!.guide_id)!;
          if (target.tours_count > 0 && !body!.force)
            return json(
              422,
              validationError({ force: { code: 'guide_in_use', params: { count: target.tours_count } } }),
            );
          guides = guides.filter((g) => g.id !== target.id);
          return json(200, { success: true });
        }
        default:
          return json(404, { message: 'Not found', code: 'not_found' });
      }
    }),
  );
  return { calls, callsTo: (route: string) => calls.filter((c) => c.path === `/crm/api/tour/${route}`) };
};

const renderGuides = (value: unknown[], language: 'en' | 'ru' = 'en') => {
  const send = vi.fn();
  renderWithApp(
    <TourFieldForm defaults={{ guides: value }} send={send}>
      <GuidesField name="guides" organizerId={ORG} label={language === 'ru' ? 'Гиды' : 'Guides'} />
    </TourFieldForm>,
    { language },
  );
  const save = async () => {
    // a dialog closing still hides the page from the accessibility tree
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Save the section' }));
    await waitFor(() => expect(send).toHaveBeenCalled());
    return send.mock.lastCall![0] as { guides: number[] };
  };
  return { send, save };
};

afterEach(() => vi.unstubAllGlobals());

describe('GuidesField', () => {
  it('explains guides when there are none, and a new guide is checked by the rules, created and chosen at once', async () => {
    const server = guidesServer([]);
    const { send, save } = renderGuides([]);
    expect(await screen.findByText('No guides yet')).toBeInTheDocument();
    expect(screen.getByText(/Guides are the people who lead your tours/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'New guide' }));
    const dialog = await screen.findByRole('dialog', { name: 'New guide' });
    // GUIDE_FIELD_RULES before sending: a first name is required
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add the guide' }));
    expect(await within(dialog).findByText('Required field')).toBeInTheDocument();
    expect(server.callsTo('create-guide')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/First name/), 'Olga');
    await userEvent.type(within(dialog).getByLabelText('Last name'), 'Smirnova');
    await userEvent.type(within(dialog).getByLabelText('About the guide'), 'Knows every lake of Altai.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add the guide' }));

    const checkbox = await screen.findByRole('checkbox', { name: 'Olga Smirnova' });
    expect(checkbox).toBeChecked();
    expect(server.callsTo('create-guide')[0]!.body).toEqual({
      organizer_id: ORG,
      first_name: 'Olga',
      last_name: 'Smirnova',
      about: 'Knows every lake of Altai.',
      photo_id: null,
    });
    // the guide form's submit is its own: the tour section was not sent
    expect(send).not.toHaveBeenCalled();
    expect(await screen.findByText('Guide added and chosen for this tour')).toBeInTheDocument();
    expect(await save()).toEqual({ guides: [100] });
  });

  it('puts the server’s refusal on its field in the guide form, which stays open', async () => {
    guidesServer([IVAN], { refuseCreate: validationError({ photo_id: 'file_not_usable' }) });
    const xhrs = fakeUploads();
    const { send } = renderGuides([]);
    await userEvent.click(await screen.findByRole('button', { name: 'New guide' }));
    const dialog = await screen.findByRole('dialog', { name: 'New guide' });
    await userEvent.type(within(dialog).getByLabelText(/First name/), 'Olga');
    await userEvent.upload(
      within(dialog).getByLabelText('Upload a photo'),
      new File(['x'], 'o.png', { type: 'image/png' }),
    );
    act(() => xhrs[0]!.finish(91));
    await within(dialog).findByRole('img', { name: 'Photo' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add the guide' }));
    expect(await within(within(dialog).getByRole('group', { name: 'Photo' })).findByRole('alert')).toHaveTextContent(
      'Upload the image again',
    );
    expect(screen.getByRole('dialog', { name: 'New guide' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Olga', hidden: true })).not.toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('shows the guides as cards to tick, by mouse and by keyboard; a stored tour’s guides are read as their ids', async () => {
    guidesServer([ANNA, IVAN]);
    // the stored tour holds its guides as objects; the field sends ids
    const { save } = renderGuides([{ ...IVAN }]);
    const anna = await screen.findByRole('checkbox', { name: 'Anna Petrova' });
    const ivan = screen.getByRole('checkbox', { name: 'Ivan Sokolov' });
    expect(anna).not.toBeChecked();
    expect(ivan).toBeChecked();
    expect(anna).toHaveAccessibleDescription(/In 2 tours.*Mountain guide since 2010/);
    expect(screen.getByRole('group', { name: 'Guides' })).toBeInTheDocument();

    await userEvent.click(screen.getByText('Mountain guide since 2010, speaks English and German.'));
    expect(anna).toBeChecked();
    ivan.focus();
    await userEvent.keyboard(' ');
    expect(ivan).not.toBeChecked();
    expect(screen.getByText('1 guide chosen')).toBeInTheDocument();
    expect(await save()).toEqual({ guides: [1] });
  });

  it('edits a guide, with a new photo uploaded with progress', async () => {
    const server = guidesServer([ANNA, IVAN]);
    const xhrs = fakeUploads();
    renderGuides([]);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Anna Petrova' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the guide' });
    expect(within(dialog).getByLabelText(/First name/)).toHaveValue('Anna');
    const about = within(dialog).getByLabelText('About the guide');
    await userEvent.clear(about);
    await userEvent.type(about, 'Leads the Multinskiye lakes trek.');

    await userEvent.upload(
      within(dialog).getByLabelText('Upload a photo'),
      new File(['jpeg'], 'anna.jpg', { type: 'image/jpeg' }),
    );
    act(() => xhrs[0]!.progress(40));
    expect(within(dialog).getByRole('progressbar', { name: 'anna.jpg' })).toHaveAttribute('aria-valuenow', '40');
    expect(xhrs[0]!.fields.get('organizer_id')).toBe(String(ORG));
    act(() => xhrs[0]!.finish(77));
    expect(await within(dialog).findByRole('img', { name: 'Photo' })).toHaveAttribute('src', '/files/77/poster');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Leads the Multinskiye lakes trek.')).toBeInTheDocument();
    expect(server.callsTo('update-guide')[0]!.body).toEqual({
      organizer_id: ORG,
      guide_id: 1,
      first_name: 'Anna',
      last_name: 'Petrova',
      about: 'Leads the Multinskiye lakes trek.',
      photo_id: 77,
    });
  });

  it('deletes a guide no tour names after one confirmation, and takes it out of the value', async () => {
    const server = guidesServer([ANNA, IVAN]);
    const { save } = renderGuides([2, 1]);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Ivan Sokolov' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the guide?' });
    expect(dialog).toHaveTextContent('Ivan Sokolov will be removed from your guides.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Ivan Sokolov' })).not.toBeInTheDocument());
    expect(server.callsTo('delete-guide').map((c) => c.body)).toEqual([{ organizer_id: ORG, guide_id: 2 }]);
    expect(await save()).toEqual({ guides: [1] });
  });

  it('asks again, naming how many tours, before deleting a guide tours name (force)', async () => {
    const server = guidesServer([ANNA, IVAN]);
    const { save } = renderGuides([1]);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Anna Petrova' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const second = await screen.findByRole('dialog', { name: 'The guide leads other tours' });
    expect(second).toHaveTextContent('Anna Petrova is named in 2 tours.');
    // still there (behind the dialog): nothing was deleted yet
    expect(screen.getByRole('checkbox', { name: 'Anna Petrova', hidden: true })).toBeChecked();
    await userEvent.click(within(second).getByRole('button', { name: 'Delete and remove from tours' }));
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Anna Petrova' })).not.toBeInTheDocument());
    expect(server.callsTo('delete-guide').map((c) => c.body)).toEqual([
      { organizer_id: ORG, guide_id: 1 },
      { organizer_id: ORG, guide_id: 1, force: true },
    ]);
    expect(await save()).toEqual({ guides: [] });
  });

  it('cancelling the second question deletes nothing, in Russian', async () => {
    const server = guidesServer([ANNA]);
    renderGuides([], 'ru');
    await userEvent.click(await screen.findByRole('button', { name: 'Удалить: Anna Petrova' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    const second = await screen.findByRole('dialog', { name: 'Гид ведёт другие туры' });
    expect(second).toHaveTextContent('Гид Anna Petrova указан в 2 турах.');
    await userEvent.click(within(second).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: 'Anna Petrova' })).toBeInTheDocument();
    expect(server.callsTo('delete-guide')).toHaveLength(1);
  });
});

/** XMLHttpRequest as the upload sends it, answered by the test: progress, then the uploaded image. */
function fakeUploads() {
  const sent: {
    fields: FormData;
    progress: (percent: number) => void;
    finish: (id: number) => void;
  }[] = [];
  class FakeXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    open() {}
    setRequestHeader() {}
    abort() {}
    send(form: FormData) {
      sent.push({
        fields: form,
        progress: (percent) => this.upload.onprogress?.({ lengthComputable: true, loaded: percent, total: 100 }),
        finish: (id) => {
          this.status = 200;
          this.responseText = JSON.stringify({
            id,
            url: `/files/${id}`,
            name: 'anna.jpg',
            size: 4,
            mime_type: 'image/jpeg',
            variants: { w1200: `/files/${id}/w1200`, poster: `/files/${id}/poster` },
            width: 800,
            height: 600,
          });
          this.onload?.();
        },
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
