import type { Language } from '@tourdesk/contract';

/**
 * Texts of the messages the account flows send, in the user's language (en for guests), naming
 * the brand being served (BRAND_ID), as the interface does.
 */
const texts = (brand: string) => ({
  en: {
    signInCode: (code: string) =>
      `Your ${brand} sign-in code: ${code}. It is valid for 10 minutes. Do not share it with anyone.`,
    phoneCode: (code: string) => `Your ${brand} phone confirmation code: ${code}. It is valid for 10 minutes.`,
    flashCall: `${brand} is calling: the last digits of the calling number are your code.`,
    emailConfirmSubject: 'Confirm your e-mail',
    emailConfirm: (url: string) =>
      `Confirm your e-mail address for ${brand} by opening this link:\n${url}\n\nIf you did not ask for it, ignore this message.`,
    resetSubject: 'Password recovery',
    reset: (url: string) =>
      `To set a new ${brand} password open this link (valid for 1 hour):\n${url}\n\nIf you did not ask for it, ignore this message: your password stays the same.`,
    signInSubject: 'Your sign-in code',
    phoneSubject: 'Phone confirmation code',
    sharePhone: `Tap the button below to share your phone number and confirm it in ${brand}.`,
    sharePhoneButton: 'Share my phone number',
    emailChangedSubject: 'Your e-mail was changed',
    emailChanged: (newAddress: string) =>
      `The e-mail of your ${brand} account was changed to ${newAddress}. Messages and password recovery will go there once it is confirmed.\n\nIf it was not you, sign in and change your password, and contact support.`,
  },
  ru: {
    signInCode: (code: string) => `Код для входа в ${brand}: ${code}. Действует 10 минут. Никому его не сообщайте.`,
    phoneCode: (code: string) => `Код подтверждения телефона в ${brand}: ${code}. Действует 10 минут.`,
    flashCall: `${brand} звонит вам: последние цифры номера — ваш код.`,
    emailConfirmSubject: 'Подтвердите e-mail',
    emailConfirm: (url: string) =>
      `Подтвердите адрес e-mail для ${brand}, открыв ссылку:\n${url}\n\nЕсли вы этого не запрашивали, просто проигнорируйте письмо.`,
    resetSubject: 'Восстановление пароля',
    reset: (url: string) =>
      `Чтобы задать новый пароль ${brand}, откройте ссылку (действует 1 час):\n${url}\n\nЕсли вы этого не запрашивали, проигнорируйте письмо: пароль не изменится.`,
    signInSubject: 'Код для входа',
    phoneSubject: 'Код подтверждения телефона',
    sharePhone: `Нажмите кнопку ниже, чтобы поделиться номером телефона и подтвердить его в ${brand}.`,
    sharePhoneButton: 'Поделиться номером',
    emailChangedSubject: 'Ваш e-mail изменён',
    emailChanged: (newAddress: string) =>
      `E-mail вашей учётной записи ${brand} изменён на ${newAddress}. Сообщения и восстановление пароля будут приходить туда после его подтверждения.\n\nЕсли это были не вы, войдите и смените пароль, а также напишите в поддержку.`,
  },
});

export const messagesFor = (language: string | null | undefined, brand: string) =>
  texts(brand)[(language === 'ru' ? 'ru' : 'en') satisfies Language];
