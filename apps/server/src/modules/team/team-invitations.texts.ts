import type { Language, MemberRole } from '@tourdesk/contract';

interface MailParts {
  inviter: string;
  organizer: string;
  role: MemberRole;
  url: string;
}

const ROLE_NAMES: Record<Language, Record<MemberRole, string>> = {
  en: { owner: 'an owner', manager: 'a manager', guide: 'a guide', accountant: 'an accountant' },
  ru: { owner: 'владелец', manager: 'менеджер', guide: 'гид', accountant: 'бухгалтер' },
};

/** The invitation mail (issue 29), in the inviter's language (en unless ru), naming the brand. */
const texts = (brand: string) => ({
  en: {
    subject: (organizer: string) => `Join the team of ${organizer} on ${brand}`,
    body: (p: MailParts) =>
      `${p.inviter || 'The owner'} invites you to the team of ${p.organizer} on ${brand} as ${ROLE_NAMES.en[p.role]}.\n\n` +
      `To join, open this link (valid for 7 days) and sign in or sign up with this e-mail address:\n${p.url}\n\n` +
      'If you did not expect it, ignore this message.',
  },
  ru: {
    subject: (organizer: string) => `Приглашение в команду ${organizer} в ${brand}`,
    body: (p: MailParts) =>
      `${p.inviter || 'Владелец'} приглашает вас в команду ${p.organizer} в ${brand}, роль — ${ROLE_NAMES.ru[p.role]}.\n\n` +
      `Чтобы присоединиться, откройте ссылку (действует 7 дней) и войдите или зарегистрируйтесь с этим адресом e-mail:\n${p.url}\n\n` +
      'Если вы не ждали этого письма, просто проигнорируйте его.',
  },
});

export const invitationMail = (language: string | null | undefined, brand: string) =>
  texts(brand)[(language === 'ru' ? 'ru' : 'en') satisfies Language];
