import type { Questionnaire } from '@tourdesk/contract/api/request-tourist';
import { WriteToOrganizer } from '../../features/chat/components/write-to-organizer';
import { QuestionnairePage as TouristsQuestionnairePage } from '../../features/request/questionnaire/questionnaire-page';

/** The organizer's id, when the questionnaire answer names it (what get-chat-with-organizer needs). */
const organizerIdOf = (questionnaire: Questionnaire): number | null => {
  const organizer: object = questionnaire.organizer;
  return 'id' in organizer && typeof organizer.id === 'number' ? organizer.id : null;
};

/**
 * /questionnaire/:uuid: the tourists' questionnaire, with "Write to the organizer" (a chat the
 * traveller continues by its link, no account) while the trip is open.
 */
export function QuestionnairePage() {
  return (
    <TouristsQuestionnairePage
      contactOrganizer={(questionnaire) => {
        const organizerId = organizerIdOf(questionnaire);
        if (questionnaire.is_closed || organizerId === null) return null;
        return (
          <WriteToOrganizer
            organizerId={organizerId}
            organizerName={questionnaire.organizer.name}
            requestUuid={questionnaire.uuid}
          />
        );
      }}
    />
  );
}
