import { UI_TEXT } from '@carevoice/shared';
import { Box, Button, Container, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { paths, type AppPath } from '@/config/paths';
import { LeaveSurveyDialog } from '@/components/way-out';
import { LogoutIcon, UserIcon } from '@/components/icons';
import { Logo } from '@/components/logo';
import { OfflineBanner } from '@/components/offline-banner';
import { UpdatePrompt } from '@/components/update-prompt';
import { useLogout } from '@/features/auth/api/logout';
import { useSession } from '@/features/auth/hooks/use-session';
import { useSubmissionQueueSender } from '@/features/survey-taking/hooks/use-submission-queue-sender';
import { useUnsentCount } from '@/features/survey-taking/hooks/use-unsent-count';
import classes from './shell-layout.module.css';

const text = UI_TEXT.pendingWork;

/**
 * Screens behind the guard: a header with the logo and Logout, then the screen. While someone is
 * signed in, their queued submissions are sent in the background; logging out with surveys that
 * exist only on this tablet asks first, because logout removes them (DESIGN §3, §6). Without a
 * connection the header says what still works; a new version of the app is offered only outside
 * a survey (ADR 032).
 */
export default function ShellLayout() {
  const profile = useSession();
  const { pathname } = useLocation();
  const logout = useLogout();
  const unsent = useUnsentCount(profile.sf_user_id);
  const [confirming, setConfirming] = useState(false);
  useSubmissionQueueSender(profile.sf_user_id);

  return (
    <Box mih="100dvh" bg="gray.0">
      <Box
        component="header"
        data-print-hide
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="nowrap">
            <HomeLogo />
            <Group gap="sm" wrap="nowrap">
              <Button
                component={Link}
                to={paths.account}
                variant="subtle"
                className={classes.headerButton}
                classNames={{ section: classes.phoneOnly }}
                leftSection={<UserIcon size={20} />}
              >
                <span className={classes.label}>{UI_TEXT.shell.myAccount}</span>
              </Button>
              <Button
                variant="default"
                className={classes.headerButton}
                leftSection={<LogoutIcon size={20} />}
                loading={logout.isPending}
                onClick={() => (unsent > 0 ? setConfirming(true) : logout.mutate())}
              >
                <span className={classes.label}>{UI_TEXT.shell.logout}</span>
              </Button>
            </Group>
          </Group>
        </Container>
        <OfflineBanner />
      </Box>
      <Container component="main" size="lg" py="xl" className={classes.main}>
        <Outlet />
      </Container>
      <UpdatePrompt deferred={RESIDENT_SCREENS.includes(pathname)} />
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={text.logoutHeading}
        centered
      >
        <Stack gap="md">
          <Text>{text.logoutWarning(unsent)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {text.stay}
            </Button>
            <Button
              color="red"
              loading={logout.isPending}
              onClick={() => {
                setConfirming(false);
                logout.mutate();
              }}
            >
              {text.logoutAnyway}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Box>
  );
}

/** The screens of a survey in progress: leaving them for Home asks once (issue 17). */
const SURVEY_SCREENS: readonly string[] = [
  paths.surveyQuestion,
  paths.employeeReview,
  paths.surveySetQuestions,
  paths.culinaryDepartmentReview,
] satisfies readonly AppPath[];

/**
 * The screens in front of a resident: the survey's own and its consent. A new version of the
 * app waits until they are left (ADR 032).
 */
const RESIDENT_SCREENS: readonly string[] = [...SURVEY_SCREENS, paths.surveyQuestionAsking];

/** The logo links Home, so a kiosk tablet is never stuck; from a survey it asks first. */
function HomeLogo() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Link
        to={paths.home}
        aria-label={UI_TEXT.shell.homeLink}
        style={{
          textDecoration: 'none',
          display: 'inline-flex',
          minHeight: 44,
          alignItems: 'center',
        }}
        onClick={(event) => {
          if (!SURVEY_SCREENS.includes(pathname)) return;
          event.preventDefault();
          setAsking(true);
        }}
      >
        <Logo />
      </Link>
      <LeaveSurveyDialog
        opened={asking}
        onStay={() => setAsking(false)}
        onLeave={() => {
          setAsking(false);
          void navigate(paths.home);
        }}
      />
    </>
  );
}
