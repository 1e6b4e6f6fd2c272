import { WriteToOrganizer } from '../../features/chat/components/write-to-organizer';
import { QuestionnairePage as TouristsQuestionnairePage } from '../../features/request/questionnaire/questionnaire-page';

/** The organizer's id, when the questionnaire answer names it (what get-chat-with-organizer needs). */

/**
 * /questionnaire/:uuid: the tourists' questionnaire, with "Write to the organizer" (a chat the
 * traveller continues by its link, no account) while the trip is open.
 */
export function QuestionnairePage() {
  return (
    <TouristsQuestionnairePage
      contactOrganizer={(questionnaire) => {
        if (questionnaire.is_closed) return null;
        return (
          <WriteToOrganizer
            organizerId={questionnaire.organizer.id}
            organizerName={questionnaire.organizer.name}
            requestUuid={questionnaire.uuid}
          />
        );
      }}
    />
  );
}
