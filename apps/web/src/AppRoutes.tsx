import { Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { AppShell } from './components/AppShell';
import { CenteredSpinner } from './components/CenteredSpinner';
import { useSession } from './features/session/use-session';
import { firstRunDue } from './features/onboarding/first-run';
import { hasSeenStartPage } from './features/start/start-flag';
import { lazyNamed } from './lib/lazy-named';

// Each screen is its own chunk, fetched when first shown, so a phone downloads only what the screen it opens needs.
const FoodDataPage = lazyNamed(() => import('./features/food-data/FoodDataPage'), 'FoodDataPage');
const ForgotPasswordPage = lazyNamed(() => import('./features/auth/ForgotPasswordPage'), 'ForgotPasswordPage');
const LoginPage = lazyNamed(() => import('./features/auth/LoginPage'), 'LoginPage');
const ResetPasswordPage = lazyNamed(() => import('./features/auth/ResetPasswordPage'), 'ResetPasswordPage');
const VerifyEmailPage = lazyNamed(() => import('./features/auth/VerifyEmailPage'), 'VerifyEmailPage');
const DashboardPage = lazyNamed(() => import('./features/dashboard/DashboardPage'), 'DashboardPage');
const DiaryPage = lazyNamed(() => import('./features/diary/DiaryPage'), 'DiaryPage');
const LogSymptomPage = lazyNamed(() => import('./features/emails/LogSymptomPage'), 'LogSymptomPage');
const InsightsPage = lazyNamed(() => import('./features/insights/InsightsPage'), 'InsightsPage');
const NotFoundPage = lazyNamed(() => import('./features/not-found/NotFoundPage'), 'NotFoundPage');
const ProfilePage = lazyNamed(() => import('./features/profile/ProfilePage'), 'ProfilePage');
const SearchPage = lazyNamed(() => import('./features/search/SearchPage'), 'SearchPage');
const StartPage = lazyNamed(() => import('./features/start/StartPage'), 'StartPage');
const SubscribePage = lazyNamed(() => import('./features/subscription/SubscribePage'), 'SubscribePage');
const UnsubscribePage = lazyNamed(() => import('./features/emails/UnsubscribePage'), 'UnsubscribePage');
const WelcomePage = lazyNamed(() => import('./features/onboarding/WelcomePage'), 'WelcomePage');

/** Paths that only make sense signed in; signed out they lead to / (the sign-in page) rather than a dead end. */
const SIGNED_IN_PATHS = ['/dashboard', '/diary', '/search', '/insights', '/profile', '/food-data'];

/** Spec §2 routing rules, in the order they apply. */
export function AppRoutes() {
  const { user, isLoading } = useSession();
  // The start flag lives in session storage, which React cannot watch: re-reading it on every navigation is what
  // lets the app appear once the start page has moved on.
  useLocation();
  const firstVisit = !hasSeenStartPage();
  // Right after sign-up, where a signed-in person lands (/, or /login's redirect) asks the first-run question first.
  const home = firstRunDue() ? '/welcome' : '/';

  return (
    <Suspense fallback={<CenteredSpinner />}>
      <Routes>
        {/* Reachable from an emailed link at any time, even on a first visit. */}
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        {/* Opened from an email's link, signed in or not: the link's token is the authority. */}
        <Route path="/log-symptom" element={<LogSymptomPage />} />
        <Route path="/unsubscribe" element={<UnsubscribePage />} />
        <Route path="/start" element={<StartPage />} />
        <Route path="/splash" element={<StartPage />} />
        {firstVisit ? (
          <Route path="*" element={<StartPage />} />
        ) : isLoading ? (
          <Route path="*" element={<CenteredSpinner />} />
        ) : user ? (
          <>
            <Route element={<AppShell />}>
              <Route path="/" element={home === '/' ? <DashboardPage /> : <Navigate to={home} replace />} />
              <Route path="/dashboard" element={<DashboardPage />} />
              <Route path="/diary" element={<DiaryPage />} />
              <Route path="/search" element={<SearchPage />} />
              <Route path="/food-data" element={<FoodDataPage />} />
              <Route path="/insights" element={<InsightsPage />} />
              <Route path="/profile" element={<ProfilePage />} />
              <Route path="/subscribe" element={<SubscribePage />} />
            </Route>
            {/* The first-run question, right after sign-up: one screen, without the tab bar. */}
            <Route path="/welcome" element={<WelcomePage />} />
            <Route path="/login" element={<Navigate to={home} replace />} />
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
    </Suspense>
  );
}
