import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { AppShell } from './components/AppShell';
import { CenteredSpinner } from './components/CenteredSpinner';
import { ForgotPasswordPage } from './features/auth/ForgotPasswordPage';
import { LoginPage } from './features/auth/LoginPage';
import { ResetPasswordPage } from './features/auth/ResetPasswordPage';
import { DashboardPage } from './features/dashboard/DashboardPage';
import { DiaryPage } from './features/diary/DiaryPage';
import { InsightsPage } from './features/insights/InsightsPage';
import { NotFoundPage } from './features/not-found/NotFoundPage';
import { ProfilePage } from './features/profile/ProfilePage';
import { SearchPage } from './features/search/SearchPage';
import { useSession } from './features/session/use-session';
import { hasSeenStartPage } from './features/start/start-flag';
import { StartPage } from './features/start/StartPage';
import { SubscribePage } from './features/subscription/SubscribePage';

/** Paths that only make sense signed in; signed out they lead to / (the sign-in page) rather than a dead end. */
const SIGNED_IN_PATHS = ['/dashboard', '/diary', '/search', '/insights', '/profile'];

/** Spec §2 routing rules, in the order they apply. */
export function AppRoutes() {
  const { user, isLoading } = useSession();
  // The start flag lives in session storage, which React cannot watch: re-reading it on every navigation is what
  // lets the app appear once the start page has moved on.
  useLocation();
  const firstVisit = !hasSeenStartPage();

  return (
    <Routes>
      {/* Reachable from an emailed link at any time, even on a first visit. */}
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/start" element={<StartPage />} />
      <Route path="/splash" element={<StartPage />} />
      {firstVisit ? (
        <Route path="*" element={<StartPage />} />
      ) : isLoading ? (
        <Route path="*" element={<CenteredSpinner />} />
      ) : user ? (
        <>
          <Route element={<AppShell />}>
            <Route path="/" element={<DashboardPage />} />
            <Route path="/dashboard" element={<DashboardPage />} />
            <Route path="/diary" element={<DiaryPage />} />
            <Route path="/search" element={<SearchPage />} />
            <Route path="/insights" element={<InsightsPage />} />
            <Route path="/profile" element={<ProfilePage />} />
            <Route path="/subscribe" element={<SubscribePage />} />
          </Route>
          <Route path="/login" element={<Navigate to="/" replace />} />
          <Route path="*" element={<NotFoundPage />} />
        </>
      ) : (
        <>
          <Route path="/" element={<LoginPage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/subscribe" element={<SubscribePage />} />
          {SIGNED_IN_PATHS.map((path) => (
            <Route key={path} path={path} element={<Navigate to="/" replace />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </>
      )}
    </Routes>
  );
}
