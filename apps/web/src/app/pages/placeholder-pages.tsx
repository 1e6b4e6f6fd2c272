import { useTranslation } from 'react-i18next';
import {
  BadgeCheck,
  BarChart3,
  CalendarCheck2,
  CircleCheck,
  CircleX,
  CreditCard,
  FileText,
  Handshake,
  KeyRound,
  LayoutDashboard,
  Link2,
  Map,
  MailCheck,
  MessagesSquare,
  ScrollText,
  ShieldCheck,
  Star,
  Store,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { ComingSoon } from '../../components/coming-soon';

/** Screens that later issues fill in: their title and an empty state saying they are coming. */
const page = (key: string, Icon: LucideIcon, boxed = false) =>
  function Placeholder() {
    const { t } = useTranslation('pages');
    return <ComingSoon title={t(`${key}.title`)} text={t(`${key}.text`)} icon={<Icon size={28} strokeWidth={1.75} />} boxed={boxed} />;
  };

export const DashboardPage = page('dashboard', LayoutDashboard);
export const BookingsPage = page('bookings', CalendarCheck2);
export const BookingPage = page('booking', CalendarCheck2);
export const ToursPage = page('tours', Map);
export const TourCreatePage = page('tourCreate', Map);
export const TourPage = page('tour', Map);
export const ChatPage = page('chat', MessagesSquare);
export const ChatThreadPage = page('chatThread', MessagesSquare);
export const ReviewsPage = page('reviews', Star);
export const PaymentsPage = page('payments', CreditCard);
export const ReportsPage = page('reports', BarChart3);
export const ContractTemplatesPage = page('contractTemplates', FileText);
export const PartnerPage = page('partner', Handshake);
export const AgentPage = page('agent', BadgeCheck);
export const ProfilePage = page('profile', UserRound);
export const TourProviderCreatePage = page('tourProviderCreate', Store);
export const EmailConfirmPage = page('emailConfirm', MailCheck);
export const PasswordRecoveryPage = page('passwordRecovery', KeyRound, true);
export const ResetPasswordPage = page('resetPassword', KeyRound, true);
export const LoginViaTokenPage = page('loginViaToken', Link2, true);
export const AgreementPage = page('agreement', ScrollText, true);
export const PrivacyPage = page('privacy', ShieldCheck, true);
export const SuccessPage = page('success', CircleCheck, true);
export const FailPage = page('fail', CircleX, true);
