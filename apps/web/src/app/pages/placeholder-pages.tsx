import { useTranslation } from 'react-i18next';
import { Star, type LucideIcon } from 'lucide-react';
import { ComingSoon } from '../../components/coming-soon';

/** Screens no issue has built yet (reviews): their title and an empty state saying they are coming. */
const page = (key: string, Icon: LucideIcon) =>
  function Placeholder() {
    const { t } = useTranslation('pages');
    return (
      <ComingSoon title={t(`${key}.title`)} text={t(`${key}.text`)} icon={<Icon size={28} strokeWidth={1.75} />} />
    );
  };

export const ReviewsPage = page('reviews', Star);
