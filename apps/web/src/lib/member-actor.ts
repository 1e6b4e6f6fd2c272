import { useTranslation } from 'react-i18next';
import type { MemberActor } from '@tourdesk/contract/entities/common';

/**
 * Who of the provider's team acted, as a line shows them (issue 29): "Anna · Manager"; a member
 * who left the team by name only; `fallback` when no member acted (the system, a traveller).
 */
export const actorLabel = (actor: MemberActor | null | undefined, fallback: string, roleName: (r: string) => string) =>
  actor ? (actor.role ? `${actor.name} · ${roleName(actor.role)}` : actor.name) : fallback;

/** actorLabel in the reader's language. */
export const useActorLabel = () => {
  const { t } = useTranslation('common');
  return (actor: MemberActor | null | undefined, fallback: string): string =>
    actorLabel(actor, fallback, (role) => t(`memberRoles.${role}`));
};
