import type { CaptchaErrorBody } from '@tourdesk/contract/errors';
import type { CaptchaHandler, CaptchaSolution } from '../../../lib/api/client';

/** One captcha the user has to solve: the 429 body and how to settle the waiting call. */
export interface CaptchaRequest {
  id: number;
  body: CaptchaErrorBody;
  resolve: (solution: CaptchaSolution) => void;
  reject: (reason: Error) => void;
}

type Listener = () => void;

/**
 * The pending captcha requests. The api client's handler adds one per 429; the captcha modal
 * shows the first and settles it (solved → the call is retried; closed → the call fails).
 */
export const createCaptchaRequests = () => {
  let queue: CaptchaRequest[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((l) => l());
  const remove = (id: number) => {
    queue = queue.filter((r) => r.id !== id);
    emit();
  };

  const handler: CaptchaHandler = (body) =>
    new Promise<CaptchaSolution>((resolve, reject) => {
      const id = nextId++;
      queue = [...queue, { id, body, resolve, reject }];
      emit();
    });

  return {
    handler,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: (): CaptchaRequest | null => queue[0] ?? null,
    solve(id: number, token: string): void {
      queue.find((r) => r.id === id)?.resolve({ token, header: 'x-captcha-token' });
      remove(id);
    },
    dismiss(id: number): void {
      queue.find((r) => r.id === id)?.reject(new Error('Captcha closed'));
      remove(id);
    },
  };
};

export type CaptchaRequests = ReturnType<typeof createCaptchaRequests>;

/** The app's queue. */
export const captchaRequests = createCaptchaRequests();
