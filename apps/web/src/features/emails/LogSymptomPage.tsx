import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { NotificationsMessages, SubscriptionMessages, SYMPTOM_LABELS, SYMPTOM_TYPES, type SymptomLinkLogged, type SymptomLinkPreview } from '@fodmap/contracts';
import { isPaymentRequired } from '@fodmap/web-client';
import { useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { AuthCard } from '../auth/AuthCard';
import { useScreenTitle } from '../branding/use-screen-title';
import { SUBSCRIBE_PATH } from '../subscription/use-payment-required';
import { SeverityBadge } from '../symptoms/SeverityBadge';
import { isLinkRefused, linkProblem, useLogSymptomLink, useSymptomLinkPreview } from './emails-api';
import { NextStep } from './NextStep';

const DIARY = { signedInTo: '/diary', signedInLabel: NotificationsMessages.goToDiary };
/** The trial or subscription has ended: the link is kept for after subscribing. */
const SUBSCRIBE = { signedInTo: SUBSCRIBE_PATH, signedInLabel: SubscriptionMessages.subscribeNow };

/** The symptom a link logs (or logged): the server's reading of the token, not the query, which anyone can edit. */
function SymptomSummary({ symptom }: { symptom: Pick<SymptomLinkPreview, 'symptomType' | 'severity'> & { mealName?: string | null } }) {
  return (
    <Stack spacing={1} alignItems="center" textAlign="center" aria-label="Symptom">
      <Typography variant="h5" component="p" fontWeight={700}>
        {SYMPTOM_LABELS[symptom.symptomType]}
      </Typography>
      <SeverityBadge severity={symptom.severity} size="medium" />
      {symptom.mealName && <Typography color="text.secondary">{NotificationsMessages.logSymptomAfterMeal(symptom.mealName)}</Typography>}
    </Stack>
  );
}

/**
 * Spec §2 /log-symptom?token&symptom&severity, opened from a meal email on a phone, signed in or not: shows what the
 * link will log and logs it with one tap. The token is the authority; the page only carries the link's query back.
 */
export function LogSymptomPage() {
  useScreenTitle(NotificationsMessages.logSymptomTitle);
  const [query] = useSearchParams();
  const token = query.get('token')?.trim() ?? '';
  const symptom = query.get('symptom')?.trim() ?? '';
  const severity = query.get('severity')?.trim() ?? '';
  const complete = token !== '' && symptom !== '' && severity !== '';
  // A symptom the journal does not know cannot be the token's: refused here, in the words the server would answer.
  const symptomType = SYMPTOM_TYPES.find((type) => type === symptom);

  const preview = useSymptomLinkPreview(complete && symptomType ? token : '');
  const log = useLogSymptomLink();
  // A second tap before the first one's pending state has re-rendered the button must not send a second request.
  const sent = useRef(false);

  const submit = () => {
    if (sent.current || !symptomType) return;
    sent.current = true;
    log.mutate(
      { token, symptom: symptomType, severity },
      {
        onError: () => {
          sent.current = false;
        },
      },
    );
  };

  const card = (content: ReactNode) => <AuthCard title={NotificationsMessages.logSymptomTitle}>{content}</AuthCard>;

  if (!complete) return card(<Refused message={NotificationsMessages.linkMissing} />);
  if (!symptomType) return card(<Refused message={NotificationsMessages.linkMismatch} />);
  // The spinner stands alone: a phone on a slow network sees it at once, and the card appears whole.
  if (preview.isPending) return <CenteredSpinner />;
  if (preview.isError)
    return card(
      isLinkRefused(preview.error) ? (
        <Refused message={linkProblem(preview.error, NotificationsMessages.linkInvalid)} />
      ) : (
        <Stack spacing={2}>
          <Alert severity="error">{linkProblem(preview.error, NotificationsMessages.linkInvalid)}</Alert>
          <Button variant="contained" size="large" onClick={() => void preview.refetch()}>
            Try Again
          </Button>
        </Stack>
      ),
    );
  if (log.isSuccess) return card(<Logged logged={log.data} mealName={preview.data.mealName} />);
  if (log.isError && isLinkRefused(log.error))
    return card(<Refused message={linkProblem(log.error, NotificationsMessages.linkInvalid)} next={isPaymentRequired(log.error) ? SUBSCRIBE : DIARY} />);
  return card(
    <Stack spacing={3}>
      <Typography variant="h6" component="h2" textAlign="center">
        {NotificationsMessages.logSymptomAsk}
      </Typography>
      <SymptomSummary symptom={preview.data} />
      {log.isError && <Alert severity="error">{linkProblem(log.error, NotificationsMessages.linkInvalid)}</Alert>}
      <Button
        variant="contained"
        size="large"
        onClick={submit}
        disabled={log.isPending}
        startIcon={log.isPending ? <CircularProgress size={20} color="inherit" aria-hidden /> : undefined}
        sx={{ py: 2, fontSize: '1.1rem' }}
      >
        {NotificationsMessages.logSymptomButton}
      </Button>
    </Stack>,
  );
}

/** Logged: said on the page, where the person is looking, with the way on. */
function Logged({ logged, mealName }: { logged: SymptomLinkLogged; mealName: string | null }) {
  return (
    <Stack spacing={3}>
      <Alert severity="success">{NotificationsMessages.symptomLogged}</Alert>
      <SymptomSummary symptom={{ symptomType: logged.symptomType, severity: logged.severity, mealName: logged.mealId === null ? null : mealName }} />
      <NextStep {...DIARY} primary />
    </Stack>
  );
}

/** A link that cannot log anything (incomplete, forged, expired, used, the account's trial over): why, and the way on. */
function Refused({ message, next = DIARY }: { message: string; next?: typeof DIARY }) {
  return (
    <Stack spacing={2}>
      <Alert severity="error">{message}</Alert>
      <NextStep {...next} primary />
    </Stack>
  );
}
