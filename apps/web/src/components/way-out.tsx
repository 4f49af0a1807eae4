import { BEDSIDE_TEXT } from '@carevoice/shared';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ArrowLeftIcon } from './icons';

/**
 * A way out of a screen (issue 17): Back to where the person came from (Home when the screen was
 * opened directly, as a kiosk tablet may), and Home.
 */
export function BackAndHome() {
  const navigate = useNavigate();
  const location = useLocation();
  const back = () => {
    if (location.key === 'default') void navigate(paths.home);
    else void navigate(-1);
  };
  return (
    <Group gap="sm" data-print-hide>
      <Button variant="default" leftSection={<ArrowLeftIcon size={18} />} onClick={back}>
        {BEDSIDE_TEXT.back}
      </Button>
      <Button variant="subtle" onClick={() => void navigate(paths.home)}>
        {BEDSIDE_TEXT.home}
      </Button>
    </Group>
  );
}

/**
 * Asks once before leaving a survey in progress for Home: its answers stay on the tablet, and
 * Home offers to continue it.
 */
export function LeaveSurveyDialog({
  opened,
  onStay,
  onLeave,
}: {
  opened: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onStay} title={BEDSIDE_TEXT.leaveHeading} centered>
      <Stack gap="md">
        <Text>{BEDSIDE_TEXT.leaveBody}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onStay}>
            {BEDSIDE_TEXT.stay}
          </Button>
          <Button onClick={onLeave}>{BEDSIDE_TEXT.leave}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Home from a survey in progress: asks once (LeaveSurveyDialog), then goes. */
export function LeaveSurveyButton() {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<ArrowLeftIcon size={18} />}
        onClick={() => setAsking(true)}
        data-print-hide
      >
        {BEDSIDE_TEXT.home}
      </Button>
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
